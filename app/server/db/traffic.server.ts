import { sql } from "kysely";
import { dayOf } from "../visits/visits.server";
import type { Db } from "./client.server";

export type TrafficBatch = {
  days: { day: string; visits: number; views: number }[];
  paths: { day: string; path: string; views: number }[];
  referrers: { day: string; host: string; views: number }[];
};

/**
 * At most this many referring sites are kept per day; views from any further site that day count under
 * OTHER_REFERRERS, so forged Referer headers cannot grow the table without end.
 */
export const MAX_REFERRERS_PER_DAY = 100;
/** Not a host name (no host has parentheses), so it never mixes with a real site. */
export const OTHER_REFERRERS = "(other sites)";
/** Daily figures are kept this long (a year and a month: last year's same month stays comparable), then deleted. */
export const TRAFFIC_RETENTION_DAYS = 400;

/**
 * Adds a batch of counts in one transaction; each row is an upsert that adds, so several processes can share the
 * tables. A referring site new to its day beyond MAX_REFERRERS_PER_DAY is counted as OTHER_REFERRERS (two
 * processes adding new sites at the same moment can pass the cap by the size of one batch, no more).
 */
export async function addTraffic(db: Db, batch: TrafficBatch): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const row of batch.days) {
      await trx
        .insertInto("trafficDay")
        .values(row)
        .onConflict((oc) =>
          oc.column("day").doUpdateSet({
            visits: sql`"trafficDay"."visits" + ${row.visits}`,
            views: sql`"trafficDay"."views" + ${row.views}`,
          }),
        )
        .execute();
    }
    for (const row of batch.paths) {
      await trx
        .insertInto("pageViewDay")
        .values(row)
        .onConflict((oc) => oc.columns(["day", "path"]).doUpdateSet({ views: sql`"pageViewDay"."views" + ${row.views}` }))
        .execute();
    }
    const known = new Map<string, Set<string>>();
    for (const row of batch.referrers) {
      let hosts = known.get(row.day);
      if (!hosts) {
        hosts = new Set((await trx.selectFrom("referrerDay").select("host").where("day", "=", row.day).execute()).map((r) => r.host));
        known.set(row.day, hosts);
      }
      let host = row.host;
      if (!hosts.has(host)) {
        if (hosts.size - (hosts.has(OTHER_REFERRERS) ? 1 : 0) >= MAX_REFERRERS_PER_DAY) host = OTHER_REFERRERS;
        hosts.add(host);
      }
      await trx
        .insertInto("referrerDay")
        .values({ ...row, host })
        .onConflict((oc) => oc.columns(["day", "host"]).doUpdateSet({ views: sql`"referrerDay"."views" + ${row.views}` }))
        .execute();
    }
  });
}

/** Per-day visits and views from `since` (a YYYY-MM-DD day) on, oldest first; days without traffic are absent. */
export async function listTrafficDays(db: Db, since: string): Promise<{ day: string; visits: number; views: number }[]> {
  const rows = await db.selectFrom("trafficDay").select(["day", "visits", "views"]).where("day", ">=", since).orderBy("day").execute();
  return rows.map((r) => ({ day: r.day, visits: Number(r.visits), views: Number(r.views) }));
}

export async function listTopPages(db: Db, since: string, limit = 10): Promise<{ path: string; views: number }[]> {
  const rows = await db
    .selectFrom("pageViewDay")
    .select(["path", (eb) => eb.fn.sum<number>("views").as("total")])
    .where("day", ">=", since)
    .groupBy("path")
    .orderBy("total", "desc")
    .orderBy("path")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ path: r.path, views: Number(r.total) }));
}

export async function listTopReferrers(db: Db, since: string, limit = 10): Promise<{ host: string; views: number }[]> {
  const rows = await db
    .selectFrom("referrerDay")
    .select(["host", (eb) => eb.fn.sum<number>("views").as("total")])
    .where("day", ">=", since)
    .groupBy("host")
    .orderBy("total", "desc")
    .orderBy("host")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ host: r.host, views: Number(r.total) }));
}

/** Deletes the daily figures of days before TRAFFIC_RETENTION_DAYS ago (the periodic sweep calls it); how many rows went. */
export async function deleteOldTraffic(db: Db, now = new Date()): Promise<number> {
  const cutoff = dayOf(new Date(now.getTime() - TRAFFIC_RETENTION_DAYS * 24 * 60 * 60 * 1000));
  let deleted = 0;
  for (const table of ["trafficDay", "pageViewDay", "referrerDay"] as const) {
    const result = await db.deleteFrom(table).where("day", "<", cutoff).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}
