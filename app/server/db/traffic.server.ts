import { sql } from "kysely";
import type { Db } from "./client.server";

export type TrafficBatch = {
  days: { day: string; visits: number; views: number }[];
  paths: { day: string; path: string; views: number }[];
  referrers: { day: string; host: string; views: number }[];
};

/** Adds a batch of counts in one transaction; each row is an upsert that adds, so several processes can share the tables. */
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
    for (const row of batch.referrers) {
      await trx
        .insertInto("referrerDay")
        .values(row)
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
