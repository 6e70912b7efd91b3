import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import type { BackupCounts } from "./backup-manifest.server";
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

export type KeptBackup = { name: string; size: number; modifiedAt: string };

/** Another backup is being made; one at a time, whoever started it (the schedule, a download, the command). */
export class BackupBusyError extends Error {
  constructor() {
    super("A backup is being made right now. Try again when it has finished.");
    this.name = "BackupBusyError";
  }
}

const LOCK_FILE = ".lock";
const STATUS_FILE = "last-backup.json";
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

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes DATA_DIR/backups/.lock, shared by the server and the command line. A lock left by a process that is
 * gone (a crash, a power cut) is taken over.
 */
async function acquireLock(directory: string): Promise<() => Promise<void>> {
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, LOCK_FILE);
  const token = `${process.pid} ${hostname()} ${randomBytes(4).toString("hex")}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, token, { flag: "wx" });
      return async () => {
        if ((await readFile(file, "utf8").catch(() => "")) === token) await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const [pid, host] = (await readFile(file, "utf8").catch(() => "")).split(" ");
      if (host !== hostname() || isRunning(Number(pid))) throw new BackupBusyError();
      await rm(file, { force: true });
    }
  }
  throw new BackupBusyError();
}

/** Runs `work` holding the backup lock. */
async function withBackupLock<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const release = await acquireLock(getBackupDirectoryIn(dataDir));
  try {
    return await work();
  } finally {
    await release();
  }
}

async function recordLastBackup(dataDir: string, status: LastBackup): Promise<void> {
  const file = path.join(getBackupDirectoryIn(dataDir), STATUS_FILE);
  await writeFile(`${file}.tmp`, `${JSON.stringify(status, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
}

export async function readLastBackup(dataDir: string): Promise<LastBackup | null> {
  try {
    return JSON.parse(await readFile(path.join(getBackupDirectoryIn(dataDir), STATUS_FILE), "utf8")) as LastBackup;
  } catch {
    return null;
  }
}

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
  return withBackupLock(source.dataDir, async () => {
    const startedAt = new Date();
    const file = path.resolve(options.file ?? path.join(getBackupDirectoryIn(source.dataDir), backupFileName(startedAt)));
    const partial = `${file}.partial`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      const result = await writeBackup(source, createWriteStream(partial), { onProgress: options.onProgress, signal: options.signal });
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
 * slows the backup down; destroying it (the browser went away) stops the backup and frees the lock.
 */
export async function openBackupStream(source: BackupSource, onError: (error: Error) => void, signal?: AbortSignal): Promise<Readable> {
  const release = await acquireLock(getBackupDirectoryIn(source.dataDir));
  const output = new PassThrough();
  writeBackup(source, output, { signal })
    .catch((error: Error) => {
      onError(error);
      output.destroy(error);
    })
    .finally(() => void release());
  return output;
}
