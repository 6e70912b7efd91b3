import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BackupBusyError, backupToFile, readLastBackup } from "~/server/backup/backup-runs.server";
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
});
