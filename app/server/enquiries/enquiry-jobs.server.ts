import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Db } from "../db/client.server";
import { deleteEnquiryRow, enquiryExists, listExpiredEnquiryIds } from "../db/enquiries.server";
import { getDb } from "../db/client.server";
import { getEnv } from "../env.server";
import { sweepExpiredRows } from "../jobs/sweep-expired.server";
import { logger } from "../logger.server";
import { getMailer } from "../mail/mail.server";
import { type OutboxWorker, startOutboxWorker } from "../mail/outbox.server";
import type { Storage } from "../storage/storage-contract.server";
import { reviewMailContext, sendDueReviewReminders } from "../reviews/review-requests.server";
import { getStorage } from "../storage/storage.server";
import { deleteCustomerPhotos } from "./enquiry-photos.server";
import { deleteExpiredChallenges } from "./proof-of-work.server";

/** How often the sweep runs (and once at start). */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Files younger than this are left alone: their enquiry's transaction may not have committed yet. */
const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** Deletes an enquiry: the row first (photo rows and unsent mail go with it), then its files. */
export async function deleteEnquiry(db: Db, storage: Storage, id: string): Promise<boolean> {
  const deleted = await deleteEnquiryRow(db, id);
  await deleteCustomerPhotos(storage, "enquiries", id);
  return deleted;
}

export type SweepResult = { expired: number; orphanFolders: number; challenges: number };

/**
 * The periodic sweep: closed enquiries past ENQUIRY_RETENTION_DAYS with their photos, photo folders left without
 * an enquiry (a crash between storing and saving), used challenges that have expired, and temporary upload folders.
 */
export async function sweepEnquiries(db: Db, storage: Storage, options: { retentionDays: number; tempDir?: string; now?: Date }): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const result: SweepResult = { expired: 0, orphanFolders: 0, challenges: 0 };
  for (;;) {
    const ids = await listExpiredEnquiryIds(db, options.retentionDays, now);
    for (const id of ids) if (await deleteEnquiry(db, storage, id)) result.expired++;
    if (ids.length === 0) break;
  }
  const folders = new Set<string>();
  for await (const key of storage.list("enquiries/")) folders.add(key.split("/")[1] ?? "");
  for (const id of folders) {
    const created = /^[0-9a-f]{8}-[0-9a-f]{4}-7/.test(id) ? Number.parseInt(id.replaceAll("-", "").slice(0, 12), 16) : 0;
    if (now.getTime() - created < ORPHAN_GRACE_MS || (await enquiryExists(db, id))) continue;
    await deleteCustomerPhotos(storage, "enquiries", id);
    result.orphanFolders++;
  }
  result.challenges = await deleteExpiredChallenges(db, now);
  if (options.tempDir) {
    for (const name of await readdir(options.tempDir).catch(() => [] as string[])) {
      const folder = path.join(options.tempDir, name);
      const info = await stat(folder).catch(() => null);
      if (info && now.getTime() - info.mtimeMs > ORPHAN_GRACE_MS) await rm(folder, { recursive: true, force: true });
    }
  }
  return result;
}

let started: { outbox: OutboxWorker; timer: NodeJS.Timeout } | undefined;

/**
 * Starts the mail outbox and the hourly sweep (enquiries, the review reminders, then expired rate limits and old
 * traffic figures) with the app; stopEnquiryJobs ends both before the database closes.
 */
export async function startEnquiryJobs(): Promise<void> {
  if (started) return;
  const db = getDb();
  const storage = await getStorage();
  const env = getEnv();
  const sweep = () =>
    sweepEnquiries(db, storage, { retentionDays: env.enquiries.retentionDays, tempDir: path.join(env.dataDir, "enquiry-uploads") })
      .then((result) => {
        if (result.expired + result.orphanFolders > 0) logger.info(result, "enquiry sweep");
      })
      .catch((error) => logger.error({ err: error }, "enquiry sweep failed"))
      // The one reminder for unanswered review requests rides on the same hourly pass.
      .then(() => sendDueReviewReminders(db, reviewMailContext()))
      .then((reminders) => {
        if (reminders && reminders > 0) {
          logger.info({ reminders }, "review reminders queued");
          started?.outbox.wake();
        }
      })
      .catch((error) => logger.error({ err: error }, "review reminders failed"))
      .then(() => sweepExpiredRows(db))
      .then((result) => {
        if (result.rateLimits + result.trafficRows > 0) logger.info(result, "expired rows deleted");
      })
      .catch((error) => logger.error({ err: error }, "sweep of expired rows failed"));
  const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  timer.unref();
  started = { outbox: startOutboxWorker(db, getMailer()), timer };
  void sweep();
}

/** Tells the outbox that new mail is waiting (after an enquiry is saved). */
export function wakeOutbox(): void {
  started?.outbox.wake();
}

export async function stopEnquiryJobs(): Promise<void> {
  const current = started;
  started = undefined;
  if (!current) return;
  clearInterval(current.timer);
  await current.outbox.stop();
}
