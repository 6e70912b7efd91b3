import type { Db } from "../db/client.server";
import { addVisits, dayOf } from "./visits.server";

/**
 * The visitor count as this process knows it, with the visits it has counted but not yet written. Counting a
 * visit is a synchronous step in memory (a first visit costs no query and waits for no lock); the freshness poll
 * writes what has gathered twice a second, in one transaction (`count = count + k`, and the days' tallies), and
 * reads back the total, which then includes other instances' visits.
 *
 * Exact: every counted visit is added once, whatever the concurrency, since increments happen inside the database.
 * Durable enough: a crash (kill -9, power cut) loses at most the visits of the last half second; a failed write
 * keeps them for the next one; a clean stop writes them first.
 *
 * One process numbers its visitors 1, 2, 3… without gaps or repeats. Two instances on one database may hand out
 * the same number to two visitors within one poll (each knows the other's visits only from the last read); the
 * count itself stays exact.
 */

/** The total last read from or written to the database. */
let base = 0;
/** Visits counted here and not yet written, per UTC day. */
const unwritten = new Map<string, number>();
let unwrittenTotal = 0;
let writing: Promise<void> | null = null;

/** Counts one visit and returns the visitor number it gets: everything counted so far, this one included. */
export function countVisit(now = new Date()): number {
  const day = dayOf(now);
  unwritten.set(day, (unwritten.get(day) ?? 0) + 1);
  unwrittenTotal += 1;
  return base + unwrittenTotal;
}

/** The latest visitor number: what the database held at the last read, plus the visits counted here since. */
export function visitorTotal(): number {
  return base + unwrittenTotal;
}

/** The visits this process has counted and not written yet. */
export function unwrittenVisits(): number {
  return unwrittenTotal;
}

/**
 * The database's total, read by the poll while no write is under way (so it cannot count a batch twice). A lower
 * total than before is followed as well: a restore.
 */
export function observeVisitTotal(total: number): void {
  if (writing) return;
  base = total;
}

/** Writes the visits counted so far (one transaction) and takes the total the database now holds. */
export async function writeVisits(db: Db): Promise<void> {
  while (writing) await writing;
  if (unwrittenTotal === 0) return;
  const batch = [...unwritten];
  const count = unwrittenTotal;
  writing = (async () => {
    const total = await addVisits(db, batch);
    // Taken out only once written: a failed write keeps them for the next try.
    for (const [day, visits] of batch) {
      const left = (unwritten.get(day) ?? 0) - visits;
      if (left > 0) unwritten.set(day, left);
      else unwritten.delete(day);
    }
    unwrittenTotal -= count;
    base = total;
  })();
  try {
    await writing;
  } finally {
    writing = null;
  }
}

/** For tests: forget everything counted here. */
export function resetVisitCounter(total = 0): void {
  base = total;
  unwritten.clear();
  unwrittenTotal = 0;
}
