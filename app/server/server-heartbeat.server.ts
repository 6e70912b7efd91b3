import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Kysely } from "kysely";
import type { Database } from "./db/schema.server";
import { logger } from "./logger.server";

/** A server refreshes its row this often... */
export const HEARTBEAT_MS = 10_000;
/** ...so a row not refreshed for this long is a server that stopped without saying so (kill -9, a power cut). */
export const HEARTBEAT_STALE_MS = 3 * HEARTBEAT_MS;

export type LiveServer = { host: string; pid: number; seenAt: string };

/**
 * Keeps this process's row in serverHeartbeat fresh while it serves the site, and removes it on stop. Why a row and
 * not a lock file: the database is what a restore replaces, and it is the one thing every instance shares, on
 * SQLite and PostgreSQL alike (a lock file would only show servers on this machine using this DATA_DIR).
 */
export async function startServerHeartbeat(db: Kysely<Database>, { intervalMs = HEARTBEAT_MS }: { intervalMs?: number } = {}): Promise<{ stop(): Promise<void> }> {
  const id = `${hostname().slice(0, 60)}/${process.pid}/${randomBytes(4).toString("hex")}`;
  const startedAt = new Date().toISOString();
  await db.insertInto("serverHeartbeat").values({ id, host: hostname().slice(0, 200), pid: process.pid, startedAt, seenAt: startedAt }).execute();
  let beating: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    beating = db
      .updateTable("serverHeartbeat")
      .set({ seenAt: new Date().toISOString() })
      .where("id", "=", id)
      .execute()
      .catch((error: unknown) => logger.warn({ err: error }, "could not refresh the server heartbeat"));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await beating;
      await db.deleteFrom("serverHeartbeat").where("id", "=", id).execute().catch(() => {});
    },
  };
}

/** The servers that have refreshed their row within HEARTBEAT_STALE_MS (none when the table does not exist yet). */
export async function listLiveServers(db: Kysely<any>, now = Date.now()): Promise<LiveServer[]> {
  const tables = await db.introspection.getTables();
  if (!tables.some((table) => table.name === "serverHeartbeat")) return [];
  const rows = await db
    .selectFrom("serverHeartbeat")
    .select(["host", "pid", "seenAt"])
    .where("seenAt", ">", new Date(now - HEARTBEAT_STALE_MS).toISOString())
    .execute();
  return rows.map((row) => ({ host: String(row.host), pid: Number(row.pid), seenAt: String(row.seenAt) }));
}
