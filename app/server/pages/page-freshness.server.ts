import { sql } from "kysely";
import type { Db } from "../db/client.server";
import { logger } from "../logger.server";
import { observeVisitTotal, unwrittenVisits, visitorTotal, writeVisits } from "../visits/visit-counter.server";

/**
 * What the page cache needs to tell a fresh rendered page from a stale one, kept in this process:
 *
 * - `generation` goes up whenever something public pages show has changed: at once when this process made the
 *   change (`noteContentChanged`), and within one poll when another process did (the `contentVersion` row, which
 *   every change also raises). A cached page remembers the generation it was rendered in.
 * - the latest visitor number known here (visit-counter.server.ts): raised at once when this process counts a
 *   visit, and by the poll for visits other instances counted.
 *
 * One small query (the two single-row tables) twice a second keeps several instances on one database in step,
 * with no connection held open and nothing to reconnect; a change reaches the other instances' caches within one
 * poll interval. The same tick first writes the visits this process counted since the last one (one transaction),
 * so the write and the read never overlap.
 */
export const FRESHNESS_POLL_MS = 500;

let generation = 0;
let lastSeenVersion: number | null = null;
/** Set by a local change: the next poll moves the generation on once more (see noteContentChanged). */
let recheck = false;

/** Work that must be done before pages are rendered again after a change (reading the published content anew). */
type ChangeListener = (db: Db) => Promise<void>;
const changeListeners: ChangeListener[] = [];

/**
 * Runs `listener` whenever a poll sees a change (another instance's, or a local one in a transaction), before the
 * kept pages are dropped, so no page is rendered and kept from state read before the change.
 */
export function onContentChange(listener: ChangeListener): void {
  changeListeners.push(listener);
}

export function currentGeneration(): number {
  return generation;
}

/** The latest visitor number: pages showing a lower one are no longer current. */
export function latestVisitorCount(): number {
  return visitorTotal();
}

/**
 * Records that something public pages show has changed. Call it after the change is written. The pages this
 * process holds are dropped at once; other instances see the raised version at their next poll. When `db` is a
 * transaction that has not committed yet, a page rendered before it commits could still hold the old content, so
 * the next poll drops this process's pages once more.
 */
export async function noteContentChanged(db: Db): Promise<void> {
  generation += 1;
  recheck = true;
  try {
    const row = await db
      .updateTable("contentVersion")
      .set({ version: sql`"version" + 1` })
      .where("id", "=", 1)
      .returning("version")
      .executeTakeFirst();
    if (row && !db.isTransaction) lastSeenVersion = Number(row.version);
  } catch (error) {
    // The change itself is written; only other instances hear of it late (their pages expire by age).
    logger.warn({ err: error }, "could not raise the content version");
  }
}

type FreshnessRow = { version: number | string | null; count: number | string | null };

async function readFreshness(db: Db): Promise<FreshnessRow | undefined> {
  const { rows } = await sql<FreshnessRow>`
    select (select "version" from "contentVersion" where "id" = 1) as "version",
           (select "count" from "visitCounter" where "id" = 1) as "count"`.execute(db);
  return rows[0];
}

/** Writes this process's new visits, then reads the shared state once: exported for tests, which drive it without timers. */
export async function pollFreshness(db: Db): Promise<void> {
  await writeVisits(db);
  const row = await readFreshness(db);
  const version = row?.version === null || row?.version === undefined ? null : Number(row.version);
  if (recheck || (version !== null && lastSeenVersion !== null && version !== lastSeenVersion)) {
    for (const listener of changeListeners) await listener(db);
    generation += 1;
  }
  recheck = false;
  if (version !== null) lastSeenVersion = version;
  // Only a restore makes the count smaller; follow it either way.
  observeVisitTotal(Number(row?.count ?? 0));
}

/**
 * Starts the poll, once the first one has read the shared state (so the first pages show the real count); the
 * returned function stops it and writes the visits still in memory.
 */
export async function startFreshnessPoll(db: Db, intervalMs = FRESHNESS_POLL_MS): Promise<() => Promise<void>> {
  let running: Promise<void> | null = null;
  let failing = false;
  const tick = async () => {
    if (running) return;
    let done = () => {};
    running = new Promise((resolve) => (done = resolve));
    try {
      await pollFreshness(db);
      failing = false;
    } catch (error) {
      // Logged once per outage, not twice a second; cached pages still expire by age meanwhile.
      if (!failing) logger.warn({ err: error }, "could not read the content version");
      failing = true;
    } finally {
      running = null;
      done();
    }
  };
  await tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
    try {
      await writeVisits(db);
    } catch (error) {
      logger.error({ err: error, visits: unwrittenVisits() }, "visits counted in memory could not be written at shutdown");
    }
  };
}
