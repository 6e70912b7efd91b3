import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireBackupLock } from "~/server/backup/backup-lock.server";
import { backupToFile } from "~/server/backup/backup-runs.server";
import { RestoreRefusedError, restoreBackup } from "~/server/backup/restore-backup.server";
import { HELD_MAIL_ERROR } from "~/server/backup/restore-database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { enqueueMail, sendDueMail } from "~/server/mail/outbox.server";
import { startServerHeartbeat } from "~/server/server-heartbeat.server";
import { insertCategory } from "../factories/categories";
import { buildMissingReason } from "../setup/build";
import { postgresUnavailableReason } from "../setup/databases";
import { startS3Server } from "../setup/s3";
import { readArchive, writeArchive } from "../support/archive";
import { testPort } from "../support/ports";
import { type SiteKind, type TestSite, createTestSite } from "../support/restore-sites";
import { startIsolatedServer } from "../support/server";
import { readAllChecksums, readAllRows, runScript } from "../support/site-data";

// `npm run restore -- --force` on a site that is in use: every check runs before the target is touched, a copy of
// the target is written first, the backup lock and a running server stop it, and only the site's own tables and
// folders are replaced. On SQLite with a folder, and on PostgreSQL with S3.
const PORT = testPort("integration/restore-safety");
const pgReason = await postgresUnavailableReason();
const s3 = await startS3Server();

let work: string;
let first: string;
let second: string;
let firstRows: Record<string, string[]>;
let secondRows: Record<string, string[]>;

/** Another application's table and file beside the site's, as PostGIS leaves spatial_ref_sys in every database. */
async function addForeignThings(site: TestSite) {
  await sql`create table spatial_ref_sys (srid integer primary key, auth_name text)`.execute(site.db);
  await sql`insert into spatial_ref_sys (srid, auth_name) values (4326, 'EPSG')`.execute(site.db);
  await site.storage.put("other-app/readme.txt", Buffer.from("not the site's"));
}

async function expectForeignThings(site: TestSite) {
  const { rows } = await sql<{ srid: number }>`select srid from spatial_ref_sys`.execute(site.db);
  expect(rows.map((row) => Number(row.srid))).toEqual([4326]);
  expect(await site.storage.exists("other-app/readme.txt")).toBe(true);
}

/** Rows and the site's own files: what a restore may change. */
async function snapshot(site: TestSite) {
  const files = await readAllChecksums(site.storage, site.jobDirectory);
  return { rows: await readAllRows(site.db), files: Object.fromEntries(Object.entries(files).filter(([key]) => !key.startsWith("storage/other-app/"))) };
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "restore-safety-"));
  // The archives: a site with a gallery, a photo and a mail waiting to go; later the same site with more.
  const source = await createTestSite("sqlite-local", work);
  await migrateToLatest(source.db);
  await insertCategory(source.db, { name: "Kitchens" });
  await source.storage.put("images/0190a1b2-0000-7000-8000-00000000000a/w320.webp", Buffer.from("photo one"));
  await enqueueMail(source.db, [{ kind: "enquiry-customer", to: "bea@example.test", subject: "Your enquiry", text: "Thanks" }]);
  first = (await backupToFile(source.target().site!, { trigger: "command", file: path.join(work, "first.tar.gz") })).file;
  firstRows = await readAllRows(source.db);
  await insertCategory(source.db, { name: "Bathrooms" });
  await source.storage.put("images/0190a1b2-0000-7000-8000-00000000000b/w320.webp", Buffer.from("photo two"));
  second = (await backupToFile(source.target().site!, { trigger: "command", file: path.join(work, "second.tar.gz") })).file;
  secondRows = await readAllRows(source.db);
  await source.destroy();
}, 60_000);

afterAll(async () => {
  await s3.server?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

const kinds: { kind: SiteKind; skip: string | undefined }[] = [
  { kind: "sqlite-local", skip: undefined },
  { kind: "postgres-s3", skip: pgReason ?? s3.skipReason },
];

for (const { kind, skip } of kinds) {
  describe.skipIf(skip !== undefined)(`restoring over a site in use, ${kind}${skip ? ` (skipped: ${skip})` : ""}`, () => {
    let site: TestSite;
    beforeAll(async () => {
      site = await createTestSite(kind, work, s3.server);
      await addForeignThings(site);
      // Another application's table alone does not make the target "not empty".
      await restoreBackup(first, site.target());
    }, 60_000);
    afterAll(async () => site?.destroy());

    it("restores into a database and bucket that hold another application's table and files, and leaves them", async () => {
      expect(await readAllRows(site.db)).toEqual({ ...firstRows, mailOutbox: expect.any(Array) });
      await expectForeignThings(site);
    });

    it("does not send again the mail that was waiting in the backup, and says why on the row", async () => {
      const mail = await site.db.selectFrom("mailOutbox").selectAll().execute();
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({ status: "failed", lastError: HELD_MAIL_ERROR });
      const sent: string[] = [];
      expect(await sendDueMail(site.db, { send: async (message) => (sent.push(message.to), { messageId: "x" }) }, {}, Date.now() + 86_400_000)).toBe(0);
      expect(sent).toEqual([]);
    });

    it("refuses an archive whose rows do not load, before touching the target or writing a copy", async () => {
      // Consistent in every checksum, but the same category twice: only loading the rows finds it out.
      const entries = await readArchive(second);
      const categories = entries.find((entry) => entry.name === "db/category.jsonl")!;
      const line = categories.data.toString("utf8").split("\n")[0]!;
      categories.data = Buffer.concat([categories.data, Buffer.from(`${line}\n`)]);
      const bad = path.join(work, `bad-rows-${kind}.tar.gz`);
      await writeArchive(bad, entries);

      const before = await snapshot(site);
      const attempt = restoreBackup(bad, site.target(), { force: true });
      await expect(attempt).rejects.toThrow(RestoreRefusedError);
      await expect(attempt).rejects.toThrow(/cannot be loaded/);
      expect(await snapshot(site)).toEqual(before);
      await expectForeignThings(site);
      expect((await readdir(path.join(site.dataDir, "backups")).catch(() => [])).filter((name) => name.startsWith("before-restore-"))).toEqual([]);
    });

    it("refuses while the backup lock is held, and while a server is serving the database", async () => {
      const before = await snapshot(site);
      const lock = await acquireBackupLock(path.join(site.dataDir, "backups"));
      try {
        await expect(restoreBackup(second, site.target(), { force: true })).rejects.toThrow(/backup lock/);
      } finally {
        await lock.release();
      }
      const heartbeat = await startServerHeartbeat(site.db);
      try {
        await expect(restoreBackup(second, site.target(), { force: true })).rejects.toThrow(/being served from this database/);
      } finally {
        await heartbeat.stop();
      }
      expect(await snapshot(site)).toEqual(before);
    });

    it("with --force, writes a backup of the target first and prints where; that backup gives the old site back", async () => {
      const before = await snapshot(site);
      const run = await runScript("restore", [second, "--force"], site.env);
      expect(run.code, run.stderr).toBe(0);
      const saved = /saved first, as a backup: (\S+)/.exec(run.stdout)?.[1];
      expect(saved).toMatch(/\/backups\/before-restore-[\dT-]+Z\.tar\.gz$/);
      expect((await stat(saved!)).mode & 0o777).toBe(0o600);
      expect(await readAllRows(site.db)).toEqual({ ...secondRows, mailOutbox: expect.any(Array) });
      await expectForeignThings(site);

      const back = await createTestSite(kind, work, s3.server);
      try {
        await restoreBackup(saved!, back.target());
        expect(await snapshot(back)).toEqual({ ...before, rows: { ...before.rows, mailOutbox: expect.any(Array) } });
      } finally {
        await back.destroy();
      }
    }, 60_000);
  });
}

describe.skipIf(buildMissingReason() !== undefined)("restoring while the site runs", () => {
  it("is refused while the server serves the database, and goes ahead once it has stopped", async () => {
    const site = await createTestSite("sqlite-local", work);
    const server = await startIsolatedServer(PORT, {}, { dataDir: site.dataDir, keepData: true });
    try {
      const refused = await runScript("restore", [first, "--force"], site.env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("Nothing was restored. The site is being served from this database right now");
      expect((await readdir(path.join(site.dataDir, "backups")).catch(() => [])).filter((name) => name.startsWith("before-restore-"))).toEqual([]);
      expect(existsSync(path.join(site.dataDir, "backups", ".lock"))).toBe(false);
    } finally {
      await server.stop();
    }
    const restored = await runScript("restore", [first, "--force"], site.env);
    expect(restored.code, restored.stderr).toBe(0);
    await site.destroy();
  }, 60_000);
});
