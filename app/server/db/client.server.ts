import Database from "better-sqlite3";
import { Kysely, type LogEvent, PostgresDialect, SqliteDialect, sql } from "kysely";
import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Env } from "../env.server";
import { getEnv } from "../env.server";
import { logger } from "../logger.server";
import type { Database as Schema } from "./schema.server";

export type Db = Kysely<Schema>;
export type DatabaseConfig = Env["database"];

/** With LOG_LEVEL=trace every query is logged (how `npm run bench:load` counts the queries a page costs). */
function logQuery(event: LogEvent) {
  if (!logger.isLevelEnabled("trace")) return;
  logger.trace({ sql: event.query.sql, ms: Math.round(event.queryDurationMillis * 10) / 10, failed: event.level === "error" }, "db query");
}

/** Opens a Kysely instance for SQLite (WAL, foreign keys on) or PostgreSQL. */
export function createDb(config: DatabaseConfig): Db {
  if (config.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle connection dropped by the server must not crash the process; the pool replaces it.
    pool.on("error", (error) => logger.warn({ err: error }, "PostgreSQL connection lost"));
    return new Kysely<Schema>({ dialect: new PostgresDialect({ pool }), log: logQuery });
  }
  mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new Database(config.file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  return new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }), log: logQuery });
}

let instance: Db | undefined;

/** The process-wide database, opened from DATABASE_URL on first use. */
export function getDb(): Db {
  instance ??= createDb(getEnv().database);
  return instance;
}

/** Throws when the database does not answer a trivial query. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

export async function closeDb(): Promise<void> {
  const db = instance;
  instance = undefined;
  await db?.destroy();
}
