import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from "../data-dir.server";
import { listAppliedMigrations, listKnownMigrations } from "../db/migrate.server";
import { getMasterKey } from "../images/master-image.server";
import { listLiveServers } from "../server-heartbeat.server";
import { type BackupCounts, type Manifest, countManifest } from "./backup-manifest.server";
import { BackupBusyError, type BackupLock, acquireBackupLock } from "./backup-lock.server";
import { getBackupDirectoryIn, writeBackup } from "./create-backup.server";
import { DamagedBackupError, TargetWriteError, type UnpackLimits, readBackupFiles, verifyBackup } from "./read-backup.server";
import { checkInScratch, replaceDatabase } from "./restore-database.server";
import { type RestoreTarget, describeTargetContents, removeOtherFiles } from "./target-state.server";

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
  | { phase: "checked" }
  | { phase: "saved"; file: string }
  | { phase: "database"; table: string; rows: number }
  | { phase: "files"; done: number; total: number; bytes: number };

export type RestoreResult = { counts: BackupCounts; manifest: Manifest; migrated: string[]; savedTo: string | null };

type RestoreOptions = { force?: boolean; onProgress?: (progress: RestoreProgress) => void; limits?: UnpackLimits };

/** before-restore-2026-11-23T03-00-00Z.tar.gz in DATA_DIR/backups: not a daily backup, so never pruned. */
function savedCopyName(now = new Date()): string {
  return `before-restore-${now.toISOString().slice(0, 19).replaceAll(":", "-")}Z.tar.gz`;
}

/** Refuses while a server is serving the target's database (its heartbeat row is fresh). */
async function refuseWhileServed(target: RestoreTarget): Promise<void> {
  const live = await listLiveServers(target.db);
  if (live.length === 0) return;
  const which = live.map((server) => `process ${server.pid} on ${server.host}`).join(", ");
  throw new RestoreRefusedError(`The site is being served from this database right now (${which}). Stop it first (sudo systemctl stop tradesite), then restore.`);
}

/**
 * Puts a backup into a database and storage of either kind, checking everything it can before it touches them:
 * 1. reads the whole archive and checks every entry against the manifest (names, sizes, SHA-256), writing only the
 *    table files, within limits, to a temporary folder;
 * 2. builds the archive's schema version in a scratch database, loads every row and runs the later migrations;
 * 3. takes the backup lock, refuses while a server is serving the target, and refuses a target that holds anything
 *    a new site would not, unless `force`: then it first writes a backup of the target into DATA_DIR/backups;
 * 4. writes the files (each checked again first), replaces the site's own tables (one transaction on PostgreSQL),
 *    and removes the site's files the backup does not have. Other tables and other folders are left alone.
 */
export async function restoreBackup(file: string, target: RestoreTarget, { force = false, onProgress = () => {}, limits }: RestoreOptions = {}): Promise<RestoreResult> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), "site-restore-"));
  let lock: BackupLock | undefined;
  try {
    const { manifest, tableFiles } = await verifyBackup(file, scratch, (bytes) => onProgress({ phase: "verify", bytes, total: 0 }), limits);
    const known = listKnownMigrations();
    const unknown = manifest.migrations.filter((name) => !known.includes(name));
    if (unknown.length > 0) {
      throw new RestoreRefusedError(
        `This backup comes from a newer version of the site (its schema has ${unknown.join(", ")}). Update the site's code first, then restore.`,
      );
    }
    try {
      await checkInScratch(manifest, tableFiles, scratch);
    } catch (error) {
      throw new RestoreRefusedError(`The backup's rows cannot be loaded into its version of the database (${(error as Error).message}).`);
    }
    onProgress({ phase: "checked" });

    if (target.site) {
      lock = await acquireBackupLock(getBackupDirectoryIn(target.site.dataDir)).catch((error: unknown) => {
        throw error instanceof BackupBusyError ? new RestoreRefusedError(`${error.message} (The backup lock in ${getBackupDirectoryIn(target.site!.dataDir)} is taken.)`) : error;
      });
    }
    await refuseWhileServed(target);
    const contents = await describeTargetContents(target);
    let savedTo: string | null = null;
    if (contents.length > 0) {
      if (!force) {
        throw new RestoreRefusedError(
          `The target is not empty: ${contents.join("; ")}. Restoring would replace all of it. ` +
            "Restore into an empty database and storage, or run again with --force to replace it (a backup of it is written first).",
        );
      }
      if (!target.site) throw new RestoreRefusedError("--force needs the target's settings, to write a backup of what it replaces first.");
      if ((await listAppliedMigrations(target.db)).length === 0) {
        throw new RestoreRefusedError(`The database is empty but ${contents.join("; ")}: there is no site to back up first. Move those files away, then restore.`);
      }
      savedTo = path.join(getBackupDirectoryIn(target.site.dataDir), savedCopyName());
      await mkdir(path.dirname(savedTo), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
      await writeBackup(target.site, createWriteStream(`${savedTo}.partial`, { mode: PRIVATE_FILE_MODE }));
      await rename(`${savedTo}.partial`, savedTo);
      onProgress({ phase: "saved", file: savedTo });
    }

    // Files first: if writing them fails, the database still describes the old site, which works as before.
    const counts = countManifest(manifest);
    const keep = { keys: new Set<string>(), jobs: new Set<string>() };
    let done = 0;
    let bytes = 0;
    await mkdir(target.jobDirectory, { recursive: true });
    await readBackupFiles(file, manifest, scratch, async (entry, body) => {
      try {
        if (entry.kind === "storage") {
          await target.storage.put(entry.name, body);
          keep.keys.add(entry.name);
        } else {
          const destination = path.join(target.jobDirectory, entry.name);
          const temp = `${destination}.restore.tmp`;
          await pipeline(body, createWriteStream(temp));
          await rename(temp, destination);
          keep.jobs.add(entry.name);
          // The shared copy, for whichever instance claims the image.
          const key = getMasterKey(entry.name.slice(0, -".v".length));
          await target.storage.put(key, createReadStream(destination), { contentType: "application/octet-stream" });
          keep.keys.add(key);
        }
      } catch (error) {
        throw new TargetWriteError(entry.kind === "storage" ? `the stored file ${entry.name}` : `the image master ${entry.name}`, error);
      }
      done += 1;
      bytes += entry.size;
      onProgress({ phase: "files", done, total: counts.files + counts.jobs, bytes });
    });

    const migrated = await replaceDatabase(target.db, manifest, tableFiles, (table, rows) => onProgress({ phase: "database", table, rows }));
    await removeOtherFiles(target, keep);
    return { counts, manifest, migrated, savedTo };
  } finally {
    await lock?.release();
    await rm(scratch, { recursive: true, force: true });
  }
}
