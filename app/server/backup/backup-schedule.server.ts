import type { Env } from "../env.server";
import { logger } from "../logger.server";
import { BackupBusyError, backupToFile, recordSkippedBackup } from "./backup-runs.server";
import type { BackupSource } from "./create-backup.server";

export type BackupSchedule = NonNullable<Env["backup"]["schedule"]>;

/** The next time the clock (the server's local time) reads hour:minute, strictly after `now`. */
export function getNextBackupTime(schedule: BackupSchedule, now: Date): Date {
  const next = new Date(now);
  next.setHours(schedule.hour, schedule.minute, 0, 0);
  if (next <= now) next.setDate(next.getDate() + 1);
  return next;
}

/**
 * Writes a backup into DATA_DIR/backups every day at the configured time and keeps the newest `keep`. A run that
 * finds another backup under way is skipped (one at a time) and recorded for the admin page; a failure is logged and recorded for the admin page,
 * and the next day's run happens as usual.
 */
export function startBackupSchedule(
  schedule: BackupSchedule,
  keep: number,
  getSource: () => Promise<BackupSource>,
  { now = () => new Date() }: { now?: () => Date } = {},
): { stop(): Promise<void> } {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let planned: Date | undefined;

  const run = async () => {
    let source: BackupSource | undefined;
    try {
      source = await getSource();
      const { file, size, result } = await backupToFile(source, { trigger: "schedule", keep, signal: controller.signal });
      logger.info({ file, size, ...result.counts, missing: result.missing.length }, "scheduled backup written");
    } catch (error) {
      if (error instanceof BackupBusyError) {
        logger.warn("scheduled backup skipped: another backup was running");
        // The Backups page says so too: the owner looks there, not in the log.
        await recordSkippedBackup(source!.dataDir, { at: now().toISOString(), reason: "another backup or a restore was running at that time." }).catch((failure: unknown) =>
          logger.error({ err: failure }, "could not record the skipped backup"),
        );
      } else if (!controller.signal.aborted) logger.error({ err: error }, "scheduled backup failed");
    }
  };
  const plan = () => {
    // Timers may fire a moment early: plan from the last planned time too, so one day's run never repeats.
    const at = getNextBackupTime(schedule, new Date(Math.max(now().getTime(), planned?.getTime() ?? 0)));
    planned = at;
    timer = setTimeout(() => {
      running = run().finally(() => {
        if (!controller.signal.aborted) plan();
      });
    }, Math.max(0, at.getTime() - now().getTime()));
    timer.unref();
  };
  plan();

  return {
    async stop() {
      controller.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
