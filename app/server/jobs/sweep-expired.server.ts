import { deleteExpiredRateLimits } from "../auth/rate-limit.server";
import type { Db } from "../db/client.server";
import { deleteOldTraffic } from "../db/traffic.server";

export type ExpiredRows = { rateLimits: number; trafficRows: number };

/**
 * Rows that only grow unless something deletes them: rate-limit counters whose window has ended (one per client
 * address and account that ever tried), and the dashboard's daily figures past TRAFFIC_RETENTION_DAYS. Run with
 * the hourly enquiry sweep (enquiry-jobs.server).
 */
export async function sweepExpiredRows(db: Db, now = new Date()): Promise<ExpiredRows> {
  return { rateLimits: await deleteExpiredRateLimits(db, now.getTime()), trafficRows: await deleteOldTraffic(db, now) };
}
