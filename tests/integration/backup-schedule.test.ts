import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, stat, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { LOCK_HEARTBEAT_MS, acquireBackupLock } from "~/server/backup/backup-lock.server";
import { BackupBusyError, backupToFile, openBackupStream, readLastBackup, readSkippedBackup } from "~/server/backup/backup-runs.server";
import { startBackupSchedule } from "~/server/backup/backup-schedule.server";
import type { BackupSource } from "~/server/backup/create-backup.server";
import { createDb } from "~/server/db/client.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { LocalStorage } from "~/server/storage/local.server";

async function createSite(): Promise<BackupSource> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "backup-schedule-"));
  const db = createDb({ kind: "sqlite", file: path.join(dataDir, "site.db") });
  await migrateToLatest(db);
  await db.destroy();
  return { database: { kind: "sqlite", file: path.join(dataDir, "site.db") }, storage: new LocalStorage(path.join(dataDir, "uploads")), storageKind: "local", dataDir };
}

describe("daily backups", () => {
  it("run at the set time into DATA_DIR/backups, keep only the newest ones, and record the outcome", async () => {
    const source = await createSite();
    const backups = path.join(source.dataDir, "backups");
    await mkdir(backups, { recursive: true });
    // Three older backups, and a file of the owner's that only looks a little like one.
    for (const day of ["01", "02", "03"]) await writeFile(path.join(backups, `backup-2026-11-${day}T03-00-00Z.tar.gz`), "old");
    await writeFile(path.join(backups, "my-copy.tar.gz"), "mine");

    // A clock that reads 02:59:59.8, so the schedule is due in a fifth of a second.
    const due = new Date();
    due.setHours(3, 0, 0, 0);
    const offset = due.getTime() - 200 - Date.now();
    const schedule = startBackupSchedule({ hour: 3, minute: 0 }, 2, async () => source, { now: () => new Date(Date.now() + offset) });
    try {
      const deadline = Date.now() + 20_000;
      while (!(await readLastBackup(source.dataDir)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await schedule.stop();
    }
    const last = await readLastBackup(source.dataDir);
    expect(last).toMatchObject({ trigger: "schedule", outcome: "ok", counts: { rows: 1, files: 0 } });
    const names = (await readdir(backups)).filter((name) => !name.startsWith(".")).toSorted();
    expect(names).toEqual(["backup-2026-11-03T03-00-00Z.tar.gz", path.basename(last!.file!), "last-backup.json", "my-copy.tar.gz"].toSorted());
  });

  it("never makes two at once, and a lock left by a process that died does not stop the next", async () => {
    const source = await createSite();
    const first = backupToFile(source, { trigger: "command" });
    await expect(backupToFile(source, { trigger: "command" })).rejects.toThrow(BackupBusyError);
    await first;

    await writeFile(path.join(source.dataDir, "backups", ".lock"), `999999999 ${os.hostname()} dead`);
    const { file } = await backupToFile(source, { trigger: "command" });
    expect(existsSync(file)).toBe(true);
    expect(existsSync(path.join(source.dataDir, "backups", ".lock"))).toBe(false);
  });

  it("takes over a lock whose holder stopped refreshing it, even when a live process has its pid (a power cut)", async () => {
    const source = await createSite();
    const lock = path.join(source.dataDir, "backups", ".lock");
    await mkdir(path.dirname(lock), { recursive: true });
    // This very process's pid, as after a reboot that gave the old pid to someone else: only the time tells.
    await writeFile(lock, `${process.pid} ${os.hostname()} before-the-power-cut`);
    const longAgo = new Date(Date.now() - 5 * 60_000);
    await utimes(lock, longAgo, longAgo);
    const { file } = await backupToFile(source, { trigger: "command" });
    expect(existsSync(file)).toBe(true);
    expect(existsSync(lock)).toBe(false);
  });

  it("keeps a held lock fresh, so it is never taken for a left-over one", async () => {
    const source = await createSite();
    const held = await acquireBackupLock(path.join(source.dataDir, "backups"));
    try {
      const lock = path.join(source.dataDir, "backups", ".lock");
      const longAgo = new Date(Date.now() - 5 * 60_000);
      await utimes(lock, longAgo, longAgo);
      await vi.waitFor(async () => expect(Date.now() - (await stat(lock)).mtimeMs).toBeLessThan(LOCK_HEARTBEAT_MS * 2), { timeout: LOCK_HEARTBEAT_MS * 3, interval: 100 });
      await expect(backupToFile(source, { trigger: "command" })).rejects.toThrow(BackupBusyError);
    } finally {
      await held.release();
    }
  }, 30_000);

  it("stops a download that nobody reads after the idle timeout, and frees the lock", async () => {
    const source = await createSite();
    // More than the socket and stream buffers hold, and gzip cannot shrink it: the backup must wait for a reader.
    await source.storage.put("images/big/w2048.jpg", randomBytes(8 * 1024 * 1024));
    const errors: Error[] = [];
    const stream = await openBackupStream(source, (error) => errors.push(error), undefined, { idleMs: 300 });
    const lock = path.join(source.dataDir, "backups", ".lock");
    expect(existsSync(lock)).toBe(true);
    await vi.waitFor(() => expect(existsSync(lock)).toBe(false), { timeout: 10_000, interval: 50 });
    expect(stream.destroyed).toBe(true);
    expect(errors.map((error) => error.message).join()).toMatch(/read nothing/);
    await vi.waitFor(async () => expect((await readdir(path.join(source.dataDir, "backups"))).filter((name) => name.startsWith(".work-"))).toEqual([]));
  });

  it("records a daily backup skipped because another was running, for the Backups page", async () => {
    const source = await createSite();
    const held = await acquireBackupLock(path.join(source.dataDir, "backups"));
    const due = new Date();
    due.setHours(3, 0, 0, 0);
    const offset = due.getTime() - 200 - Date.now();
    const schedule = startBackupSchedule({ hour: 3, minute: 0 }, 2, async () => source, { now: () => new Date(Date.now() + offset) });
    try {
      await vi.waitFor(async () => expect(await readSkippedBackup(source.dataDir)).not.toBeNull(), { timeout: 10_000, interval: 50 });
    } finally {
      await schedule.stop();
      await held.release();
    }
    expect((await readSkippedBackup(source.dataDir))?.reason).toMatch(/another backup or a restore was running/);
    expect(await readLastBackup(source.dataDir)).toBeNull();
  });

  it("writes archives only the owner can read, in a folder only the owner can enter", async () => {
    const source = await createSite();
    const previous = process.umask(0o022);
    try {
      const { file } = await backupToFile(source, { trigger: "command" });
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(source.dataDir, "backups", "last-backup.json"))).mode & 0o777).toBe(0o600);
      const out = path.join(source.dataDir, "elsewhere", "copy.tar.gz");
      await backupToFile(source, { trigger: "command", file: out });
      expect((await stat(out)).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });
});
