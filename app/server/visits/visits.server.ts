import { sql } from "kysely";
import type { Db } from "../db/client.server";

/** UTC calendar day, YYYY-MM-DD. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Counts one visit and returns the new total. The increment happens inside the database
 * (count = count + 1 ... RETURNING), so concurrent visits never overwrite each other.
 */
export async function recordVisit(db: Db, now = new Date()): Promise<number> {
  return addVisits(db, [[dayOf(now), 1]]);
}

/**
 * Adds a batch of visits (per UTC day) in one transaction and returns the new total. The increments happen inside
 * the database (count = count + k ... RETURNING), so concurrent writers never overwrite each other.
 */
export async function addVisits(db: Db, days: [day: string, visits: number][]): Promise<number> {
  const visits = days.reduce((sum, [, n]) => sum + n, 0);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("visitCounter")
      .set({ count: sql`"count" + ${visits}` })
      .where("id", "=", 1)
      .returning("count")
      .executeTakeFirst();
    let total = row?.count;
    if (total === undefined) {
      // The row is seeded by the first migration; recreate it if someone removed it.
      await trx
        .insertInto("visitCounter")
        .values({ id: 1, count: visits })
        .onConflict((oc) => oc.column("id").doUpdateSet({ count: sql`"visitCounter"."count" + ${visits}` }))
        .execute();
      total = (await trx.selectFrom("visitCounter").select("count").where("id", "=", 1).executeTakeFirstOrThrow()).count;
    }
    for (const [day, count] of days) {
      await trx
        .insertInto("visitDay")
        .values({ day, count })
        .onConflict((oc) => oc.column("day").doUpdateSet({ count: sql`"visitDay"."count" + ${count}` }))
        .execute();
    }
    return Number(total);
  });
}

/** The current total, 0 when nothing was counted yet. */
export async function getVisitCount(db: Db): Promise<number> {
  const row = await db.selectFrom("visitCounter").select("count").where("id", "=", 1).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Per-day tallies, newest first, for the admin dashboard. */
export async function listVisitDays(db: Db, limit = 30): Promise<{ day: string; count: number }[]> {
  const rows = await db.selectFrom("visitDay").select(["day", "count"]).orderBy("day", "desc").limit(limit).execute();
  return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
}
