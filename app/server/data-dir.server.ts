import { chmodSync, mkdirSync, statSync } from "node:fs";

/** Owner only: the SQLite file, customers' photos, backups and the auth secret all live in DATA_DIR. */
export const PRIVATE_DIRECTORY_MODE = 0o700;
/** Backup archives and their status: the whole site, customers' details included. */
export const PRIVATE_FILE_MODE = 0o600;

const STICKY = 0o1000;

/**
 * Creates a folder only its owner can enter, or takes group and other access away from one this process owns (a
 * DATA_DIR made by hand with the usual umask is 0755). A shared folder such as /tmp (sticky) or one owned by someone
 * else is left as it is: closing it is the administrator's call.
 */
export function ensurePrivateDirectory(directory: string): void {
  mkdirSync(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  const info = statSync(directory);
  const ownedHere = typeof process.getuid !== "function" || info.uid === process.getuid();
  if ((info.mode & 0o077) !== 0 && (info.mode & STICKY) === 0 && ownedHere) chmodSync(directory, PRIVATE_DIRECTORY_MODE);
}
