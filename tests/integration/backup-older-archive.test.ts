import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeBackup } from "~/server/backup/create-backup.server";
import { restoreBackup } from "~/server/backup/restore-backup.server";
import { createDb, type Db } from "~/server/db/client.server";
import { claimNextImageJob } from "~/server/db/image-jobs.server";
import { listAppliedMigrations, listKnownMigrations, migrateTo } from "~/server/db/migrate.server";
import { getVariantKey } from "~/server/images/image-files.server";
import { getJobDirectoryIn, getMasterFile } from "~/server/images/master-image.server";
import { LocalStorage } from "~/server/storage/local.server";
import { insertCategory } from "../factories/categories";
import { createTestDatabase, testDialects } from "../setup/databases";
import { readAllChecksums, readAllRows } from "../support/site-data";

// A backup made by an older version of the site (its schema stops at 0004, before enquiries and image job claims)
// is restored by this version: the rows go into the archive's schema, then the later migrations run over them.
const OLD_VERSION = "0004-index-image-category-order";
const PASSWORD = "older-archive-password-1";
const known = listKnownMigrations();
const older = known.slice(0, known.indexOf(OLD_VERSION) + 1);
const later = known.slice(older.length);

const dialects = await testDialects();

const readyId = "0190a1b2-0000-7000-8000-000000000001";
const processingId = "0190a1b2-0000-7000-8000-000000000002";

/** An old site's data folder: SQLite migrated only to OLD_VERSION, with rows written as that version wrote them. */
async function createOldSite(dataDir: string): Promise<{ db: Db; storage: LocalStorage }> {
  await mkdir(dataDir, { recursive: true });
  const db = createDb({ kind: "sqlite", file: path.join(dataDir, "site.db") });
  await migrateTo(db, OLD_VERSION);
  const at = "2025-06-01T09:30:00.000Z";
  await db
    .insertInto("user")
    .values([
      { id: "user-owner", name: "Owner", email: "owner@old.test", emailVerified: 1, image: null, createdAt: at, updatedAt: at, role: "admin", lastLoginAt: at },
      { id: "user-member", name: "Member", email: "member@old.test", emailVerified: 1, image: null, createdAt: at, updatedAt: at, role: "user", lastLoginAt: null },
    ])
    .execute();
  await db
    .insertInto("account")
    .values({ id: "account-owner", accountId: "user-owner", providerId: "credential", userId: "user-owner", password: await hashPassword(PASSWORD), createdAt: at, updatedAt: at })
    .execute();
  await db
    .insertInto("session")
    .values({ id: "session-owner", expiresAt: "2099-01-01T00:00:00.000Z", token: "old-session-token", createdAt: at, updatedAt: at, userId: "user-owner" })
    .execute();
  await insertCategory(db, { name: "Kitchens", createdAt: at, updatedAt: at });

  const storage = new LocalStorage(path.join(dataDir, "uploads"));
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#b5651d" } }).webp().toBuffer();
  const variant = { name: "w320" as const, format: "webp" as const, width: 320, height: 240, size: photo.length, hash: "abc123" };
  await storage.put(getVariantKey(readyId, variant), photo);
  const image = { categoryId: 1, title: "", caption: "", width: 320, height: 240, placeholder: null, version: 1, createdAt: at, updatedAt: at };
  await db
    .insertInto("image")
    .values([
      { ...image, id: readyId, name: "oak worktop", title: "Oak worktop", caption: "Fitted in Oundle", status: "ready", variants: JSON.stringify([variant]) },
      { ...image, id: processingId, name: "splashback", status: "processing", variants: "[]" },
    ])
    .execute();
  // The unfinished image's master waits in the job folder, as it did then.
  await mkdir(getJobDirectoryIn(dataDir), { recursive: true });
  await writeFile(getMasterFile(getJobDirectoryIn(dataDir), processingId), await sharp({ create: { width: 900, height: 600, channels: 3, background: "#777" } }).jpeg().toBuffer());

  await db.updateTable("visitCounter").set({ count: 42 }).where("id", "=", 1).execute();
  await db
    .insertInto("visitDay")
    .values([
      { day: "2025-05-31", count: 17 },
      { day: "2025-06-01", count: 25 },
    ])
    .execute();
  return { db, storage };
}

describe("restoring a backup from an older version of the site", () => {
  let work: string;
  let source: { db: Db; storage: LocalStorage; dataDir: string };
  let archive: string;

  beforeAll(async () => {
    expect(later.length).toBeGreaterThan(0);
    work = await mkdtemp(path.join(os.tmpdir(), "older-archive-"));
    const dataDir = path.join(work, "old-site");
    source = { ...(await createOldSite(dataDir)), dataDir };
    archive = path.join(work, "old.tar.gz");
    await writeBackup(
      { database: { kind: "sqlite", file: path.join(dataDir, "site.db") }, storage: source.storage, storageKind: "local", dataDir },
      createWriteStream(archive),
    );
  }, 60_000);

  afterAll(async () => {
    await source?.db.destroy();
    await rm(work, { recursive: true, force: true });
  });

  it(`the source is at ${OLD_VERSION}: no enquiry tables, no image job columns`, async () => {
    expect(await listAppliedMigrations(source.db)).toEqual(older);
    const tables = Object.keys(await readAllRows(source.db));
    expect(tables).not.toContain("enquiry");
    const image = JSON.parse((await readAllRows(source.db)).image![0]!) as Record<string, unknown>;
    expect(image).not.toHaveProperty("attempts");
  });

  for (const dialect of dialects) {
    it.skipIf(dialect.skip)(`restores into a new site ${dialect.label}, runs the later migrations, and keeps every row and file`, async () => {
      const target = await createTestDatabase(dialect.kind, { migrate: false });
      const root = await mkdtemp(path.join(work, `target-${dialect.kind}-`));
      const storage = new LocalStorage(path.join(root, "uploads"));
      const jobDirectory = path.join(root, "image-jobs");
      try {
        const result = await restoreBackup(archive, { db: target.db, storage, jobDirectory });
        expect(result.manifest.migrations).toEqual(older);
        expect(result.migrated).toEqual(later);
        expect(await listAppliedMigrations(target.db)).toEqual(known);

        // Every old row is there, with the columns later migrations added at their defaults.
        const before = await readAllRows(source.db);
        const after = await readAllRows(target.db);
        expect(before.user).toHaveLength(2);
        expect(before.image).toHaveLength(2);
        expect(before.visitDay).toHaveLength(2);
        for (const [table, rows] of Object.entries(before)) {
          const restored = (after[table] ?? []).map((line) => {
            const row = JSON.parse(line) as Record<string, unknown>;
            const old = JSON.parse(rows[0] ?? "{}") as Record<string, unknown>;
            return JSON.stringify(Object.fromEntries(Object.entries(row).filter(([key]) => key in old)));
          });
          expect(restored, table).toEqual(rows);
        }
        const images = await target.db.selectFrom("image").select(["id", "attempts", "leaseOwner", "leaseUntil"]).orderBy("id").execute();
        expect(images.map((i) => ({ ...i, attempts: Number(i.attempts) }))).toEqual([
          { id: readyId, attempts: 0, leaseOwner: null, leaseUntil: null },
          { id: processingId, attempts: 0, leaseOwner: null, leaseUntil: null },
        ]);
        // The tables that came later are there and empty; sessions were left behind.
        for (const table of ["enquiry", "enquiryPhoto", "mailOutbox", "trafficDay"]) expect(after[table], table).toEqual([]);
        expect(await target.db.selectFrom("session").selectAll().execute()).toEqual([]);

        // This version's code works on the old data: the password still signs in, the unfinished photo is a job.
        const account = await target.db.selectFrom("account").select("password").where("userId", "=", "user-owner").executeTakeFirstOrThrow();
        expect(await verifyPassword({ hash: account.password!, password: PASSWORD })).toBe(true);
        expect(await claimNextImageJob(target.db, "restored-instance", 60_000)).toBe(processingId);

        // The waiting master also goes into the storage, where any instance that claims the image finds it.
        const sourceFiles = await readAllChecksums(source.storage, getJobDirectoryIn(source.dataDir));
        const master = sourceFiles[`jobs/${processingId}.v`];
        expect(await readAllChecksums(storage, jobDirectory)).toEqual({ ...sourceFiles, [`storage/masters/${processingId}.v`]: master });
        expect(Object.keys(sourceFiles)).toHaveLength(2);
      } finally {
        await target.destroy();
      }
    }, 60_000);
  }
});
