import { createWriteStream, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupToFile } from "~/server/backup/backup-runs.server";
import { readBackupLayout } from "~/server/backup/database-layout.server";
import { DamagedBackupError, restoreBackup } from "~/server/backup/restore-backup.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { insertCategory } from "../factories/categories";
import { postgresUnavailableReason } from "../setup/databases";
import { startS3Server } from "../setup/s3";
import { readArchive, writeArchive } from "../support/archive";
import { type SiteKind, createTestSite } from "../support/restore-sites";
import { readAllChecksums } from "../support/site-data";

// How the restore reads an archive it did not make: it checks an entry's name and bytes against the manifest before
// writing it anywhere, and it never unpacks more than such an archive can honestly hold.
const pgReason = await postgresUnavailableReason();
const s3 = await startS3Server();
let work: string;
let archive: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "backup-reading-"));
  const source = await createTestSite("sqlite-local", work);
  await migrateToLatest(source.db);
  await insertCategory(source.db, { name: "Kitchens" });
  for (const name of ["a", "b", "c"]) await source.storage.put(`images/0190a1b2-0000-7000-8000-00000000000${name}/w320.webp`, Buffer.alloc(4096, name));
  archive = (await backupToFile(source.target().site!, { trigger: "command", file: path.join(work, "source.tar.gz") })).file;
  await source.destroy();
}, 60_000);

afterAll(async () => {
  await s3.server?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

/** Everything under `directory`, in bytes. */
function folderSize(directory: string): number {
  let total = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name), { throwIfNoEntry: false })?.size ?? 0;
  }
  return total;
}

describe("a gzip bomb", () => {
  it("is refused from the entry's header, before its rows fill the temporary folder", async () => {
    // 300 MB of zeros as a table file: a few hundred kilobytes once compressed.
    const bomb = path.join(work, "bomb.tar.gz");
    const pack = tar.pack();
    const written = pipeline(pack, createGzip({ level: 9 }), createWriteStream(bomb));
    const size = 300 * 1024 * 1024;
    const entry = pack.entry({ name: "db/category.jsonl", size });
    const zeros = Buffer.alloc(1024 * 1024);
    for (let sent = 0; sent < size; sent += zeros.length) if (!entry.write(zeros)) await new Promise<void>((resolve) => entry.once("drain", () => resolve()));
    entry.end(() => {});
    pack.finalize();
    await written;
    expect(statSync(bomb).size).toBeLessThan(2 * 1024 * 1024);

    const temp = await mkdtemp(path.join(work, "tmp-"));
    const site = await createTestSite("sqlite-local", work);
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = temp;
    let largest = 0;
    const sampler = setInterval(() => (largest = Math.max(largest, folderSize(temp))), 5);
    try {
      const attempt = restoreBackup(bomb, site.target());
      await expect(attempt).rejects.toThrow(DamagedBackupError);
      await expect(attempt).rejects.toThrow(/unpacks to more than/);
    } finally {
      clearInterval(sampler);
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      await site.destroy();
    }
    largest = Math.max(largest, folderSize(temp));
    expect(largest).toBeLessThan(1024 * 1024);
  }, 60_000);
});

const kinds: { kind: SiteKind; skip: string | undefined }[] = [
  { kind: "sqlite-local", skip: undefined },
  { kind: "postgres-s3", skip: pgReason ?? s3.skipReason },
];

for (const { kind, skip } of kinds) {
  describe.skipIf(skip !== undefined)(`an archive changed between the two readings, ${kind}${skip ? ` (skipped: ${skip})` : ""}`, () => {
    it("stops at the changed file before writing it, with nothing else written", async () => {
      const entries = await readArchive(archive);
      const first = entries.find((entry) => entry.name.startsWith("storage/"))!;
      first.data = Buffer.alloc(first.data.length, "x");
      const changed = path.join(work, `changed-${kind}.tar.gz`);
      // The manifest is left as it was: only the changed file's bytes differ from it.
      await writeArchive(changed, entries, { consistent: false });

      const copy = path.join(work, `swapped-${kind}.tar.gz`);
      writeFileSync(copy, readFileSync(archive));
      const site = await createTestSite(kind, work, s3.server);
      let swapped = false;
      try {
        // Once the first reading has passed, the file is replaced by the changed one.
        const attempt = restoreBackup(copy, site.target(), {
          onProgress: (progress) => {
            if (progress.phase === "verify" || swapped) return;
            swapped = true;
            writeFileSync(copy, readFileSync(changed));
          },
        });
        await expect(attempt).rejects.toThrow(DamagedBackupError);
        await expect(attempt).rejects.toThrow(/changed since the archive was checked/);
        expect(swapped).toBe(true);
        const files = await readAllChecksums(site.storage, site.jobDirectory);
        expect(Object.keys(files)).toEqual([]);
        expect(await readBackupLayout(site.db)).toEqual([]);
      } finally {
        await site.destroy();
      }
    }, 60_000);
  });
}
