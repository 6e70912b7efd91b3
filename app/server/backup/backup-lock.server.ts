import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { PRIVATE_DIRECTORY_MODE } from "../data-dir.server";

/** Another backup (or a restore) is under way; one at a time, whoever started it (the schedule, a download, a command). */
export class BackupBusyError extends Error {
  constructor() {
    super("A backup or a restore is running right now. Try again when it has finished.");
    this.name = "BackupBusyError";
  }
}

const LOCK_FILE = ".lock";
/** The holder touches the lock this often... */
export const LOCK_HEARTBEAT_MS = 5_000;
/** ...so a lock untouched for this long is left over (a crash, a power cut, a frozen process), whatever its pid says. */
export const LOCK_STALE_MS = 60_000;

export type BackupLock = { release(): Promise<void> };

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether the lock file is left over. Its holder refreshes its time every LOCK_HEARTBEAT_MS; a pid alone proves
 * nothing (after a power cut another process may have the same pid), so an old time is enough. A lock from this
 * machine whose process is gone is left over at once.
 */
function isStale(token: string, modifiedAt: number, now: number): boolean {
  if (now - modifiedAt > LOCK_STALE_MS) return true;
  const [pid, host] = token.split(" ");
  return host === hostname() && !isRunning(Number(pid));
}

/**
 * Takes DATA_DIR/backups/.lock, shared by the server, `npm run backup` and `npm run restore`, and keeps it fresh
 * until released. Throws BackupBusyError when someone holds it.
 */
export async function acquireBackupLock(directory: string): Promise<BackupLock> {
  await mkdir(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  const file = path.join(directory, LOCK_FILE);
  const token = `${process.pid} ${hostname()} ${randomBytes(4).toString("hex")}`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, token, { flag: "wx", mode: 0o600 });
      const heartbeat = setInterval(() => {
        const now = new Date();
        void utimes(file, now, now).catch(() => {});
      }, LOCK_HEARTBEAT_MS);
      heartbeat.unref();
      return {
        async release() {
          clearInterval(heartbeat);
          if ((await readFile(file, "utf8").catch(() => "")) === token) await rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const held = await readFile(file, "utf8").catch(() => "");
      const info = await stat(file).catch(() => null);
      if (info && !isStale(held, info.mtimeMs, Date.now())) throw new BackupBusyError();
      // Removed only if it is still the lock judged stale, not one another process has just taken over.
      if ((await readFile(file, "utf8").catch(() => "")) === held) await rm(file, { force: true });
    }
  }
  throw new BackupBusyError();
}

/** Runs `work` holding the backup lock. */
export async function withBackupLock<T>(directory: string, work: () => Promise<T>): Promise<T> {
  const lock = await acquireBackupLock(directory);
  try {
    return await work();
  } finally {
    await lock.release();
  }
}
