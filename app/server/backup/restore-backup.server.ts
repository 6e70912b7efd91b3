import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { listKnownMigrations, migrateTo, migrateToLatest } from "../db/migrate.server";
import { noteContentChanged } from "../pages/page-freshness.server";
import { type BackupCounts, type Manifest, countManifest } from "./backup-manifest.server";
import { readDatabaseLayout } from "./database-layout.server";
import { loadRows } from "./load-rows.server";
import { DamagedBackupError, TargetWriteError, readBackupFiles, verifyBackup } from "./read-backup.server";
import { type RestoreTarget, clearTarget, describeTargetContents } from "./target-state.server";

export { DamagedBackupError };
export type { RestoreTarget };

/** The restore would lose data or cannot work here; nothing has been written when it is thrown. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefusedError";
  }
}

export type RestoreProgress =
  | { phase: "verify"; bytes: number; total: number }
  | { phase: "database"; table: string; rows: number }
  | { phase: "files"; done: number; total: number; bytes: number };

export type RestoreResult = { counts: BackupCounts; manifest: Manifest; migrated: string[] };

/**
 * Puts a backup into a database and storage of either kind:
 * 1. reads the whole archive and checks every entry's checksum, writing nothing;
 * 2. refuses a target that holds anything a new site would not (unless `force`, which clears it);
 * 3. builds the archive's schema version, loads the rows parents first in one transaction, uploads the files;
 * 4. migrates from the archive's version to this version of the site.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  { force = false, onProgress = () => {} }: { force?: boolean; onProgress?: (progress: RestoreProgress) => void } = {},
): Promise<RestoreResult> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), "site-restore-"));
  try {
    const { manifest, tableFiles } = await verifyBackup(file, scratch, (bytes) => onProgress({ phase: "verify", bytes, total: 0 }));
    const known = listKnownMigrations();
    const unknown = manifest.migrations.filter((name) => !known.includes(name));
    if (unknown.length > 0) {
      throw new RestoreRefusedError(
        `This backup comes from a newer version of the site (its schema has ${unknown.join(", ")}). Update the site's code first, then restore.`,
      );
    }
    const contents = await describeTargetContents(target);
    if (contents.length > 0 && !force) {
      throw new RestoreRefusedError(
        `The target is not empty: ${contents.join("; ")}. Restoring would replace all of it. ` +
          "Restore into an empty database and storage, or run again with --force to erase them first.",
      );
    }

    await clearTarget(target);
    await migrateTo(target.db, manifest.migrations.at(-1) as string);
    const layout = await readDatabaseLayout(target.db);
    const missing = manifest.tables.filter((table) => !layout.some((t) => t.name === table.name));
    if (missing.length > 0) throw new Error(`The archive has tables its schema version lacks: ${missing.map((t) => t.name).join(", ")}`);
    const byTable = new Map(manifest.tables.map((table) => [table.name, tableFiles.get(table.entry) as string]));
    await loadRows(target.db, layout, byTable, (table, rows) => onProgress({ phase: "database", table, rows }));

    const counts = countManifest(manifest);
    const total = counts.files + counts.jobs;
    let done = 0;
    let bytes = 0;
    await mkdir(target.jobDirectory, { recursive: true });
    await readBackupFiles(file, manifest, async (entry, body) => {
      try {
        if (entry.kind === "storage") {
          await target.storage.put(entry.name, body);
        } else {
          const destination = path.join(target.jobDirectory, entry.name);
          const temp = `${destination}.restore.tmp`;
          await pipeline(body, createWriteStream(temp));
          await rename(temp, destination);
        }
      } catch (error) {
        throw new TargetWriteError(entry.kind === "storage" ? `the stored file ${entry.name}` : `the image master ${entry.name}`, error);
      }
      done += 1;
      bytes += entry.size;
      onProgress({ phase: "files", done, total, bytes });
    });

    const migrated = await migrateToLatest(target.db);
    // A server already running on this database drops the pages it keeps rendered.
    await noteContentChanged(target.db);
    return { counts, manifest, migrated };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
