import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from "../data-dir.server";
import type { BackupCounts } from "./backup-manifest.server";
import { BackupBusyError, acquireBackupLock, withBackupLock } from "./backup-lock.server";
import { type BackupProgress, type BackupResult, type BackupSource, getBackupDirectoryIn, writeBackup } from "./create-backup.server";

export type BackupTrigger = "schedule" | "command";

/** What the admin page shows about the newest backup written into DATA_DIR/backups or with `npm run backup`. */
export type LastBackup = {
  trigger: BackupTrigger;
  startedAt: string;
  finishedAt: string;
  outcome: "ok" | "failed";
  file?: string;
  size?: number;
  counts?: BackupCounts;
  missing?: number;
  error?: string;
};

/** A daily backup that did not run because another backup or a restore held the lock. */
export type SkippedBackup = { at: string; reason: string };

export type KeptBackup = { name: string; size: number; modifiedAt: string };

export { BackupBusyError };

const STATUS_FILE = "last-backup.json";
const SKIPPED_FILE = "last-skipped.json";
/** A download whose browser has read nothing for this long while bytes wait is given up, and the lock freed. */
export const DOWNLOAD_IDLE_MS = 60_000;
const NAME = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/;

/** One of the backups kept in DATA_DIR/backups, to send to an admin; null for any other name. */
export async function openKeptBackup(dataDir: string, name: string): Promise<{ body: Readable; size: number } | null> {
  if (!NAME.test(name)) return null;
  const file = path.join(getBackupDirectoryIn(dataDir), name);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return { body: createReadStream(file), size: info.size };
}

/** backup-2026-11-23T03-00-00Z.tar.gz: sorts by time, safe on every file system. */
export function backupFileName(now = new Date()): string {
  return `backup-${now.toISOString().slice(0, 19).replaceAll(":", "-")}Z.tar.gz`;
}

async function writeStatus(dataDir: string, name: string, status: unknown): Promise<void> {
  const directory = getBackupDirectoryIn(dataDir);
  await mkdir(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  const file = path.join(directory, name);
  await writeFile(`${file}.tmp`, `${JSON.stringify(status, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
  await rename(`${file}.tmp`, file);
}

async function readStatus<T>(dataDir: string, name: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(path.join(getBackupDirectoryIn(dataDir), name), "utf8")) as T;
  } catch {
    return null;
  }
}

const recordLastBackup = (dataDir: string, status: LastBackup) => writeStatus(dataDir, STATUS_FILE, status);

export const readLastBackup = (dataDir: string) => readStatus<LastBackup>(dataDir, STATUS_FILE);

/** Kept for the Backups page, so a skipped daily backup is seen there and not only in the log. */
export const recordSkippedBackup = (dataDir: string, skipped: SkippedBackup) => writeStatus(dataDir, SKIPPED_FILE, skipped);

export const readSkippedBackup = (dataDir: string) => readStatus<SkippedBackup>(dataDir, SKIPPED_FILE);

/** The scheduled and command-line backups kept in DATA_DIR/backups, newest first. */
export async function listKeptBackups(dataDir: string): Promise<KeptBackup[]> {
  const directory = getBackupDirectoryIn(dataDir);
  const names = (await readdir(directory).catch(() => [] as string[])).filter((name) => NAME.test(name));
  const kept: KeptBackup[] = [];
  for (const name of names.toSorted().toReversed()) {
    const info = await stat(path.join(directory, name)).catch(() => null);
    if (info) kept.push({ name, size: info.size, modifiedAt: info.mtime.toISOString() });
  }
  return kept;
}

/** Deletes all but the newest `keep` backups in DATA_DIR/backups (only files named as backups are touched). */
export async function pruneBackups(dataDir: string, keep: number): Promise<string[]> {
  const removed: string[] = [];
  for (const backup of (await listKeptBackups(dataDir)).slice(keep)) {
    await rm(path.join(getBackupDirectoryIn(dataDir), backup.name), { force: true });
    removed.push(backup.name);
  }
  return removed;
}

/**
 * Writes a backup to a file (by default a new one in DATA_DIR/backups) under the lock, records how it went for
 * the admin page, and keeps only the newest `keep` in DATA_DIR/backups. The archive is written under a
 * temporary name and renamed when complete, so a file with the final name is always whole.
 */
export async function backupToFile(
  source: BackupSource,
  options: { file?: string; trigger: BackupTrigger; keep?: number; onProgress?: (progress: BackupProgress) => void; signal?: AbortSignal },
): Promise<{ file: string; size: number; result: BackupResult }> {
  return withBackupLock(getBackupDirectoryIn(source.dataDir), async () => {
    const startedAt = new Date();
    const file = path.resolve(options.file ?? path.join(getBackupDirectoryIn(source.dataDir), backupFileName(startedAt)));
    const partial = `${file}.partial`;
    try {
      await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
      // The whole site, customers' details included: readable by the site's user alone, whatever the umask.
      const result = await writeBackup(source, createWriteStream(partial, { mode: PRIVATE_FILE_MODE }), { onProgress: options.onProgress, signal: options.signal });
      await rename(partial, file);
      const { size } = await stat(file);
      await recordLastBackup(source.dataDir, {
        trigger: options.trigger,
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        outcome: "ok",
        file,
        size,
        counts: result.counts,
        missing: result.missing.length,
      });
      if (options.keep !== undefined) await pruneBackups(source.dataDir, options.keep);
      return { file, size, result };
    } catch (error) {
      await rm(partial, { force: true });
      await recordLastBackup(source.dataDir, {
        trigger: options.trigger,
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        outcome: "failed",
        error: (error as Error).message,
      });
      throw error;
    }
  });
}

/**
 * A fresh backup as a stream (an admin's download), made under the same lock; nothing is kept on the server.
 * Throws BackupBusyError at once, before any byte, when another backup is running. Reading the stream slowly
 * slows the backup down; destroying it (the browser went away) stops the backup and frees the lock, and so does
 * a browser that has read nothing for `idleMs` while bytes wait for it (a stalled connection would otherwise hold
 * the lock, and block the daily backup, for as long as the socket stays open).
 */
export async function openBackupStream(
  source: BackupSource,
  onError: (error: Error) => void,
  signal?: AbortSignal,
  { idleMs = DOWNLOAD_IDLE_MS }: { idleMs?: number } = {},
): Promise<Readable> {
  const lock = await acquireBackupLock(getBackupDirectoryIn(source.dataDir));
  let readAt = Date.now();
  // A transform hands a chunk on only when the reader has room for it: its calls are the reader's progress.
  const output = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      readAt = Date.now();
      callback(null, chunk);
    },
  });
  const watchdog = setInterval(() => {
    const waiting = output.writableLength + output.readableLength > 0;
    if (waiting && Date.now() - readAt > idleMs) output.destroy(new Error(`The download read nothing for ${Math.round(idleMs / 1000)} s; the backup was stopped.`));
  }, Math.max(50, Math.min(5_000, idleMs / 4)));
  watchdog.unref();
  writeBackup(source, output, { signal })
    .catch((error: Error) => {
      onError(error);
      output.destroy(error);
    })
    .finally(() => {
      clearInterval(watchdog);
      void lock.release();
    });
  return output;
}
