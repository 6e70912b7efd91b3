import { existsSync } from "node:fs";
import { mkdtemp, readFile, readdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { readBackupLayout } from "~/server/backup/database-layout.server";
import { DamagedBackupError, RestoreRefusedError, restoreBackup } from "~/server/backup/restore-backup.server";
import { createDb, type Db } from "~/server/db/client.server";
import { listKnownMigrations } from "~/server/db/migrate.server";
import { getImage } from "~/server/db/images.server";
import { avatarUrl, storeAvatar } from "~/server/images/avatar.server";
import { createImageWorker } from "~/server/images/image-worker.server";
import { getMasterFile } from "~/server/images/master-image.server";
import { LocalStorage } from "~/server/storage/local.server";
import { S3Storage } from "~/server/storage/s3.server";
import { readAll } from "~/server/storage/read-all.server";
import { brickWall } from "../../scripts/support/synthetic-photo";
import { seedGallery } from "../e2e/support/seed-gallery";
import { buildMissingReason } from "../setup/build";
import { describeUnless } from "../setup/describe-unless";
import { createTestDatabase, postgresUnavailableReason, type TestDatabase } from "../setup/databases";
import { writeUpload } from "../setup/images";
import { startS3Server, type TestS3 } from "../setup/s3";
import { HttpClient, createVerifiedUser } from "../support/http-client";
import { startIsolatedServer } from "../support/server";
import { postQuote, quoteFields, startQuote, waitToSend } from "../support/quote-form";
import { readAllChecksums, readAllRows, runScript } from "../support/site-data";
import { testPorts } from "../support/ports";

// The owner's journey with the real commands: a site on SQLite and a folder (accounts, galleries, a quote request
// with its photos and mail, visits) is backed up, restored into PostgreSQL and S3, backed up there and restored
// back into SQLite and a folder. Each step compares every row and every file's checksum, and the restored sites
// let people sign in with the passwords they had and the owner open the enquiry with its photos.
const [PORT, BACK_PORT, TARGET_PORT] = testPorts("integration/backup-restore") as [number, number, number];
const PASSWORD = "backup-test-password-1";
const ADMIN = "owner@backup.test";
const MEMBER = "member@backup.test";

const pgReason = await postgresUnavailableReason();
const s3 = await startS3Server();
const skipReason = buildMissingReason() ?? pgReason ?? s3.skipReason;

type Site = { env: Record<string, string>; db: Db; storage: LocalStorage | S3Storage; jobDirectory: string; dataDir: string };

function sqliteSite(dataDir: string): Site {
  return {
    env: { DATA_DIR: dataDir },
    db: createDb({ kind: "sqlite", file: path.join(dataDir, "site.db") }),
    storage: new LocalStorage(path.join(dataDir, "uploads")),
    jobDirectory: path.join(dataDir, "image-jobs"),
    dataDir,
  };
}

/** Rows and files a quote request and the visits leave behind, which a backup must carry like the rest. */
function expectEnquiriesAndTraffic(rows: Record<string, string[]>, files: Record<string, string>) {
  expect(rows.enquiry).toHaveLength(1);
  expect(rows.enquiryPhoto).toHaveLength(2);
  expect(rows.mailOutbox!.map((row) => JSON.parse(row).kind).toSorted()).toEqual(["enquiry-customer", "enquiry-owner"]);
  expect(rows.usedChallenge).toHaveLength(1);
  expect(rows.trafficDay!.length).toBeGreaterThan(0);
  expect(rows.trafficDay!.every((row) => JSON.parse(row).visits > 0)).toBe(true);
  expect(rows.pageViewDay!.length).toBeGreaterThan(0);
  expect(rows.visitDay!.length).toBeGreaterThan(0);
  expect(rows.visitDay!.every((row) => JSON.parse(row).count > 0)).toBe(true);
  const enquiryId = JSON.parse(rows.enquiry![0]!).id as string;
  const photos = Object.keys(files).filter((key) => key.startsWith(`storage/enquiries/${enquiryId}/`));
  expect(photos.length).toBeGreaterThanOrEqual(2);
}

async function signInAndLook(site: Site, port: number, imageId: string, avatar: string, reference: string) {
  const server = await startIsolatedServer(port, site.env, { dataDir: site.dataDir, keepData: true });
  try {
    const admin = new HttpClient(server.baseURL);
    const signIn = await admin.post("/signIn", { intent: "sign-in", email: ADMIN, password: PASSWORD, redirectTo: "/" });
    expect(signIn.status).toBe(200);
    expect((await admin.get("/manage")).status).toBe(200);
    const member = new HttpClient(server.baseURL);
    expect((await member.post("/signIn", { intent: "sign-in", email: MEMBER, password: "a-wrong-password-9", redirectTo: "/" })).status).not.toBe(200);
    expect((await member.post("/signIn", { intent: "sign-in", email: MEMBER, password: PASSWORD, redirectTo: "/" })).status).toBe(200);
    expect((await member.get("/profile")).status).toBe(200);

    const photo = await fetch(`${server.baseURL}/media/${imageId}/w320.webp`);
    expect(photo.status).toBe(200);
    const stored = await site.storage.get(`images/${imageId}/w320.webp`);
    expect(Buffer.from(await photo.arrayBuffer()).equals(await readAll(stored!.body))).toBe(true);
    expect((await fetch(`${server.baseURL}${avatar}`)).status).toBe(200);

    // The customer's enquiry is in the inbox with its private photos.
    const inbox = await (await admin.get("/manage/enquiries")).text();
    expect(inbox).toContain(reference);
    const id = /href="\/manage\/enquiries\/([0-9a-f-]{36})"/.exec(inbox)?.[1];
    const detail = await (await admin.get(`/manage/enquiries/${id}`)).text();
    expect(detail).toContain("Bea Backup");
    const photoUrls = [...detail.matchAll(/href="(\/manage\/enquiries\/[^"]+\/full)"/g)].map((m) => m[1]!);
    expect(photoUrls).toHaveLength(2);
    for (const url of photoUrls) {
      const photo = await admin.get(url);
      expect(photo.status).toBe(200);
      expect(photo.headers.get("content-type")).toBe("image/jpeg");
      expect((await member.get(url)).status).toBe(404);
    }
  } finally {
    await server.stop();
  }
}

describeUnless(skipReason, "backup and restore across backends", () => {
  let work: string;
  let source: Site;
  let postgres: TestDatabase;
  let bucket: TestS3;
  let target: Site;
  let firstArchive: string;
  let imageId: string;
  let avatar: string;
  let reference: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "backup-test-"));
    bucket = s3.server!;

    // The source site: two accounts made through the real sign-up (the first verified one is the admin), a visit.
    const sourceDir = path.join(work, "source");
    const server = await startIsolatedServer(PORT, {}, { dataDir: sourceDir, keepData: true });
    try {
      await createVerifiedUser(new HttpClient(server.baseURL), sourceDir, ADMIN, PASSWORD);
      await createVerifiedUser(new HttpClient(server.baseURL), sourceDir, MEMBER, PASSWORD);
      expect((await new HttpClient(server.baseURL).get("/")).status).toBe(200);
      // A customer's quote request with two photos: its rows, its mail in the outbox table, its private photos.
      const customer = new HttpClient(server.baseURL);
      const fields = quoteFields({ ...(await startQuote(customer)), name: "Bea Backup", phone: "07700 900123" });
      await waitToSend();
      const sent = await postQuote(server.baseURL, fields, ["exif-rotated.jpg", "landscape.jpg"]);
      expect(sent.status).toBe(302);
      reference = /ref=(Q-[0-9A-Z]{8})/.exec(sent.headers.get("location") ?? "")?.[1] ?? "";
      expect(reference).not.toBe("");
    } finally {
      await server.stop();
    }
    // Two galleries with titles, captions and their order; every variant made by the real pipeline.
    const kitchens = await seedGallery(sourceDir, "Kitchens", [
      { name: "oak worktop", title: "Oak worktop", caption: "Fitted in Oundle" },
      { name: "splashback", title: "Tiled splashback", caption: "" },
      { name: "island", title: "", caption: "Island with seating" },
    ], { distinct: 2 });
    await seedGallery(sourceDir, "Bathrooms", [{ name: "walk-in shower", title: "Walk-in shower", caption: "Wet room" }]);
    imageId = kitchens.images[0]!.id;
    source = sqliteSite(sourceDir);

    // An image still being processed: its master waits in image-jobs for the rest of its variants.
    const worker = createImageWorker({ db: source.db, storage: source.storage, jobDirectory: source.jobDirectory });
    const bigPhoto = await sharp(brickWall(2400, 1800, 7), { raw: { width: 2400, height: 1800, channels: 3 } }).jpeg().toBuffer();
    const processing = await worker.addImage({ file: await writeUpload(bigPhoto), categoryId: kitchens.categoryId, name: "in progress", title: "", caption: "" });
    await worker.stop();
    expect((await getImage(source.db, processing.id))?.status).toBe("processing");
    expect(existsSync(getMasterFile(source.jobDirectory, processing.id))).toBe(true);

    // The member's avatar.
    avatar = avatarUrl(await storeAvatar(source.storage, await sharp(brickWall(300, 300, 3), { raw: { width: 300, height: 300, channels: 3 } }).png().toBuffer()));
    await source.db.updateTable("user").set({ image: avatar }).where("email", "=", MEMBER).execute();

    postgres = await createTestDatabase("postgres", { migrate: false });
    const { bucket: name, endpoint, accessKeyId = "", secretAccessKey = "" } = bucket.config;
    target = {
      env: {
        DATA_DIR: path.join(work, "target"),
        DATABASE_URL: postgres.url,
        STORAGE_URL: `s3://${name}?endpoint=${endpoint}&region=us-east-1`,
        AWS_ACCESS_KEY_ID: accessKeyId,
        AWS_SECRET_ACCESS_KEY: secretAccessKey,
      },
      db: postgres.db,
      storage: new S3Storage(bucket.config),
      jobDirectory: path.join(work, "target", "image-jobs"),
      dataDir: path.join(work, "target"),
    };
  }, 180_000);

  afterAll(async () => {
    await source?.db.destroy();
    await postgres?.destroy();
    await bucket?.stop();
  });

  it("backs up SQLite and a folder, and restores into PostgreSQL and S3 with every row and file", async () => {
    firstArchive = path.join(work, "first.tar.gz");
    const backup = await runScript("backup", ["--out", firstArchive], source.env);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backup written: ${firstArchive}`);
    const tables = (await readBackupLayout(source.db)).map((table) => table.name);
    const rowCount = Object.values(await readAllRows(source.db)).reduce((sum, rows) => sum + rows.length, 0);
    // The shared masters travel once, as the images' jobs/ entries.
    const stored = Object.keys(await readAllChecksums(source.storage, source.jobDirectory)).filter((key) => key.startsWith("storage/") && !key.startsWith("storage/masters/")).length;
    expect(backup.stdout).toContain(`. ${tables.length} tables, ${rowCount} rows, ${stored} stored files, 1 images still being processed.`);

    const restore = await runScript("restore", [firstArchive], target.env);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain("Every checksum matches");

    const rows = await readAllRows(source.db);
    expect(Object.keys(rows).toSorted()).toEqual(tables.toSorted());
    expect(tables).toEqual(expect.arrayContaining(["account", "category", "image", "user", "visitCounter", "visitDay"]));
    expect(rows.user).toHaveLength(2);
    expect(rows.account!.every((row) => JSON.parse(row).password)).toBe(true);
    expect(rows.image).toHaveLength(5);
    expectEnquiriesAndTraffic(rows, await readAllChecksums(source.storage, source.jobDirectory));
    expect(await readAllRows(target.db)).toEqual(rows);
    // Sessions are not carried over: everyone signs in again.
    expect(await target.db.selectFrom("session").selectAll().execute()).toEqual([]);

    const files = await readAllChecksums(source.storage, source.jobDirectory);
    expect(Object.keys(files).filter((key) => key.startsWith("jobs/"))).toHaveLength(1);
    expect(Object.keys(files).filter((key) => key.startsWith("storage/profile-pics/"))).toHaveLength(1);
    expect(await readAllChecksums(target.storage, target.jobDirectory)).toEqual(files);
  }, 120_000);

  it("backs up PostgreSQL and S3, and restores into SQLite and a folder with every row and file", async () => {
    const archive = path.join(work, "second.tar.gz");
    const backup = await runScript("backup", ["--out", archive], target.env);
    expect(backup.code, backup.stderr).toBe(0);

    const back = sqliteSite(path.join(work, "back"));
    try {
      // As an owner runs it on a server: the settings from the service's file, quotes and all.
      const envFile = path.join(work, "back.env");
      await writeFile(envFile, `# the service's settings\nDATA_DIR="${back.dataDir}"\nMAIL_FROM="Site <no-reply@example.test>"\n`);
      const restore = await runScript("restore", [archive, "--env-file", envFile], {});
      expect(restore.code, restore.stderr).toBe(0);
      const rows = await readAllRows(back.db);
      const files = await readAllChecksums(back.storage, back.jobDirectory);
      expectEnquiriesAndTraffic(rows, files);
      expect(rows).toEqual(await readAllRows(source.db));
      expect(files).toEqual(await readAllChecksums(source.storage, source.jobDirectory));
      await signInAndLook(back, BACK_PORT, imageId, avatar, reference);
    } finally {
      await back.db.destroy();
    }
  }, 180_000);

  it("lets people sign in with their old passwords on PostgreSQL and S3, and serves the photos and the avatar", async () => {
    await signInAndLook(target, TARGET_PORT, imageId, avatar, reference);
  }, 120_000);

  it("refuses a target that is not empty, and with --force replaces what it holds", async () => {
    const before = await readAllRows(target.db);
    const keys = Object.keys(await readAllChecksums(target.storage, target.jobDirectory));
    const refused = await runScript("restore", [firstArchive], target.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Nothing was restored. The target is not empty");
    expect(refused.stderr).toContain('"user" table has');
    expect(refused.stderr).toContain("--force");
    expect(await readAllRows(target.db)).toEqual(before);
    expect(Object.keys(await readAllChecksums(target.storage, target.jobDirectory))).toEqual(keys);

    // A stray file that is in no backup, which --force must clear along with everything else.
    await target.storage.put("images/stray/w320.webp", Buffer.from("stray"));
    const forced = await runScript("restore", [firstArchive, "--force"], target.env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await readAllRows(target.db)).toEqual(await readAllRows(source.db));
    expect(await readAllChecksums(target.storage, target.jobDirectory)).toEqual(await readAllChecksums(source.storage, source.jobDirectory));
  }, 120_000);

  it("refuses an archive with one byte changed before writing anything", async () => {
    const bytes = await readFile(firstArchive);
    const corrupted = Buffer.from(bytes);
    const middle = Math.floor(corrupted.length / 2);
    corrupted[middle] = (corrupted[middle] as number) ^ 0x01;
    const file = path.join(work, "one-byte-changed.tar.gz");
    await writeFile(file, corrupted);

    const empty = sqliteSite(path.join(work, "empty"));
    try {
      const refused = await runScript("restore", [file], empty.env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/Nothing was restored\. The archive (is damaged|has|is missing|holds)/);
      expect(await readBackupLayout(empty.db)).toEqual([]);
      expect(await readAllChecksums(empty.storage, empty.jobDirectory)).toEqual({});
      expect(await readdir(empty.dataDir)).not.toContain("uploads");
    } finally {
      await empty.db.destroy();
    }
  }, 60_000);

  it("refuses an archive whose stored file differs from its checksum by one byte, though the gzip is sound", async () => {
    // Change one byte inside the first stored file's data and compress again: only the SHA-256 can tell.
    const tarball = gunzipSync(await readFile(firstArchive));
    let offset = 0;
    for (;;) {
      const name = tarball.toString("utf8", offset, offset + 100).replace(/\0.*$/s, "");
      const size = Number.parseInt(tarball.toString("utf8", offset + 124, offset + 136).replace(/\0.*$/s, "").trim(), 8);
      if (name === "") throw new Error("no stored file in the archive");
      if (name.startsWith("storage/") && size > 0) {
        const at = offset + 512 + Math.floor(size / 2);
        tarball[at] = (tarball[at] as number) ^ 0xff;
        break;
      }
      offset += 512 + Math.ceil(size / 512) * 512;
    }
    const file = path.join(work, "content-changed.tar.gz");
    await writeFile(file, gzipSync(tarball));

    const empty = await createTestDatabase("sqlite", { migrate: false });
    const storage = new LocalStorage(path.join(work, "empty-storage"));
    try {
      const attempt = restoreBackup(file, { db: empty.db, storage, jobDirectory: path.join(work, "empty-jobs") });
      await expect(attempt).rejects.toThrow(DamagedBackupError);
      await expect(attempt).rejects.toThrow(/does not match its checksum/);
      expect(await readBackupLayout(empty.db)).toEqual([]);
      expect(await readAllChecksums(storage, path.join(work, "empty-jobs"))).toEqual({});
    } finally {
      await empty.destroy();
    }
  });

  it("refuses a backup from a newer version of the site", async () => {
    const tarball = gunzipSync(await readFile(firstArchive));
    const text = tarball.toString("latin1");
    const latest = listKnownMigrations().at(-1) as string;
    const at = text.indexOf(`"${latest}"\n ]`);
    expect(at).toBeGreaterThan(0);
    // Same length, so the tar stays well-formed; the manifest's own checksum is not in the manifest.
    const changed = text.slice(0, at + 1) + "9999" + text.slice(at + 5);
    const file = path.join(work, "newer.tar.gz");
    await writeFile(file, gzipSync(Buffer.from(changed, "latin1")));
    const empty = await createTestDatabase("sqlite", { migrate: false });
    try {
      await expect(restoreBackup(file, { db: empty.db, storage: new LocalStorage(path.join(work, "newer-storage")), jobDirectory: path.join(work, "newer-jobs") })).rejects.toThrow(
        RestoreRefusedError,
      );
      expect(await readBackupLayout(empty.db)).toEqual([]);
    } finally {
      await empty.destroy();
    }
  });
});
