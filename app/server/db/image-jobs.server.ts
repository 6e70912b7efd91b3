import { PostgresAdapter, sql } from "kysely";
import type { Db } from "./client.server";

/**
 * Unfinished images as jobs shared by every server instance on the database. An instance claims one by writing
 * itself in as leaseOwner until leaseUntil; the claim is one UPDATE of a row nobody holds (PostgreSQL skips rows
 * another transaction has locked, SQLite runs one writer at a time), so two instances never claim the same image.
 * The holder renews the lease as it works; if it dies, the lease lapses and another instance takes the job.
 */
const iso = (time: number) => new Date(time).toISOString();

export async function claimNextImageJob(db: Db, owner: string, leaseMs: number, now = Date.now()): Promise<string | null> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const free = iso(now);
  const row = await db
    .updateTable("image")
    .set({ leaseOwner: owner, leaseUntil: iso(now + leaseMs) })
    .where("id", "=", (eb) =>
      eb
        .selectFrom("image")
        .select("id")
        .where("status", "=", "processing")
        .where((w) => w.or([w("leaseUntil", "is", null), w("leaseUntil", "<", free)]))
        .orderBy("id")
        .limit(1)
        .$if(postgres, (qb) => qb.forUpdate().skipLocked()),
    )
    // Checked again on the row itself, after any wait for its lock.
    .where("status", "=", "processing")
    .where((w) => w.or([w("leaseUntil", "is", null), w("leaseUntil", "<", free)]))
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Extends the lease; false when it is no longer this owner's (it lapsed and another instance took the job). */
export async function renewImageLease(db: Db, id: string, owner: string, leaseMs: number, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable("image")
    .set({ leaseUntil: iso(now + leaseMs) })
    .where("id", "=", id)
    .where("leaseOwner", "=", owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives the job back, to be claimed at once (or not before `notBefore`). */
export async function releaseImageLease(db: Db, id: string, owner: string, notBefore: number | null = null): Promise<void> {
  await db
    .updateTable("image")
    .set({ leaseOwner: null, leaseUntil: notBefore === null ? null : iso(notBefore) })
    .where("id", "=", id)
    .where("leaseOwner", "=", owner)
    .execute();
}

/** Counts a failed attempt at a job this owner holds; returns the attempts so far, by any instance. */
export async function recordImageJobFailure(db: Db, id: string, owner: string): Promise<number> {
  const row = await db
    .updateTable("image")
    .set({ attempts: sql`"attempts" + 1` })
    .where("id", "=", id)
    .where("leaseOwner", "=", owner)
    .returning("attempts")
    .executeTakeFirst();
  return Number(row?.attempts ?? 0);
}

/**
 * Frees every job an earlier run of this instance held (owners starting with `ownerPrefix`): after a crash or a
 * kill -9, nothing of that run is still working on them, so they need not wait for their leases to lapse.
 */
export async function releaseLeasesOf(db: Db, ownerPrefix: string): Promise<number> {
  const result = await db
    .updateTable("image")
    .set({ leaseOwner: null, leaseUntil: null })
    .where("leaseOwner", "like", `${ownerPrefix}%`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
