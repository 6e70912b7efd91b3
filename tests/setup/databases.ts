import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDb, type Db } from "~/server/db/client.server";
import { migrateToLatest } from "~/server/db/migrate.server";

/** Admin connection used to create and drop throwaway databases. */
export const TEST_PG_URL = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export type DialectKind = "sqlite" | "postgres";
export type TestDatabase = { kind: DialectKind; db: Db; url: string; destroy(): Promise<void> };

let pgCheck: Promise<string | null> | undefined;

/** null when PostgreSQL answers, otherwise the reason it cannot be used. REQUIRE_PG=1 (CI) turns absence into a failure. */
export function postgresUnavailableReason(): Promise<string | null> {
  pgCheck ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_PG_URL, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query("select 1");
      return null;
    } catch (error) {
      const reason = `no PostgreSQL at ${TEST_PG_URL.replace(/:[^:@/]*@/, ":***@")} (${(error as Error).message}); set TEST_PG_URL`;
      if (process.env.REQUIRE_PG === "1") throw new Error(`REQUIRE_PG=1 but ${reason}`, { cause: error });
      return reason;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return pgCheck;
}

/** Runs the clean-up once, however often it is called (a test may remove what its afterAll removes too). */
export function once(action: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= action());
}

/**
 * A migrated, empty database of the given kind (or, with `migrate: false`, one with no tables at all, as a new
 * server's is); destroy() removes it.
 */
export async function createTestDatabase(kind: DialectKind, { migrate = true }: { migrate?: boolean } = {}): Promise<TestDatabase> {
  if (kind === "sqlite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "site-test-"));
    const file = path.join(dir, "test.db");
    const db = createDb({ kind: "sqlite", file });
    if (migrate) await migrateToLatest(db);
    return {
      kind,
      db,
      url: `file:${file}`,
      destroy: once(async () => {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      }),
    };
  }
  const name = `site_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const db = createDb({ kind: "postgres", url: url.toString() });
  if (migrate) await migrateToLatest(db);
  return {
    kind,
    db,
    url: url.toString(),
    destroy: once(async () => {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: TEST_PG_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    }),
  };
}

/**
 * The dialects a data-layer suite runs on, with a visible reason in the suite name when PostgreSQL is skipped:
 *   for (const d of await testDialects()) describe.skipIf(d.skip)(d.label, () => { ... })
 */
export async function testDialects(): Promise<{ kind: DialectKind; label: string; skip: boolean }[]> {
  const reason = await postgresUnavailableReason();
  return [
    { kind: "sqlite", label: "on SQLite", skip: false },
    { kind: "postgres", label: reason ? `on PostgreSQL (skipped: ${reason})` : "on PostgreSQL", skip: reason !== null },
  ];
}
