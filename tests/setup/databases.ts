import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
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

/** The dialects a suite runs on, with a visible reason in the label when PostgreSQL is skipped. */
export async function testDialects(): Promise<{ kind: DialectKind; label: string; skip: boolean }[]> {
  const reason = await postgresUnavailableReason();
  return [
    { kind: "sqlite", label: "on SQLite", skip: false },
    { kind: "postgres", label: reason ? `on PostgreSQL (skipped: ${reason})` : "on PostgreSQL", skip: reason !== null },
  ];
}

/** What a suite of describeEachDialect works on; `db` and `url` are there from the suite's first hook on. */
export type DialectSuite = { readonly kind: DialectKind; readonly db: Db; readonly url: string };

/** The suite's name; the dialect's label follows it. */
type DialectSuiteName = string | ((kind: DialectKind) => string);

type EachDialectOptions = {
  /** false: the tables are not made, as a new server finds its database (it migrates it at start-up). */
  migrate?: boolean;
  /** Why the suite cannot run on this dialect beyond PostgreSQL being absent (a missing build, no S3). */
  skipReason?: (kind: DialectKind) => string | undefined;
};

/**
 * One describe block per dialect, SQLite and PostgreSQL, each on a database of its own made before the block's own
 * beforeAll hooks and destroyed after its afterAll hooks. A dialect that cannot run is skipped with the reason in
 * the block's name (REQUIRE_PG=1 makes a missing PostgreSQL a failure instead).
 */
export async function describeEachDialect(name: DialectSuiteName, body: (suite: DialectSuite) => void): Promise<void>;
export async function describeEachDialect(name: DialectSuiteName, options: EachDialectOptions, body: (suite: DialectSuite) => void): Promise<void>;
export async function describeEachDialect(
  name: DialectSuiteName,
  ...args: [(suite: DialectSuite) => void] | [EachDialectOptions, (suite: DialectSuite) => void]
): Promise<void> {
  const [options, body] = args.length === 1 ? [{}, args[0]] : args;
  for (const dialect of await testDialects()) {
    const extra = dialect.skip ? undefined : options.skipReason?.(dialect.kind);
    const title = `${typeof name === "string" ? name : name(dialect.kind)} ${dialect.label}`;
    const label = extra ? `${title} (skipped: ${extra})` : title;
    describe.skipIf(dialect.skip || extra !== undefined)(label, () => {
      let database: TestDatabase | undefined;
      beforeAll(async () => {
        database = await createTestDatabase(dialect.kind, { migrate: options.migrate ?? true });
      });
      afterAll(async () => database?.destroy());
      const made = () => {
        if (!database) throw new Error("the suite's database is made in its first beforeAll");
        return database;
      };
      body({
        kind: dialect.kind,
        get db() {
          return made().db;
        },
        get url() {
          return made().url;
        },
      });
    });
  }
}
