import { mkdir, readdir, rm } from "node:fs/promises";
import { type Kysely, sql } from "kysely";
import { createDb } from "../db/client.server";
import { listAppliedMigrations, listKnownMigrations, migrateTo } from "../db/migrate.server";
import type { Storage } from "../storage/storage-contract.server";
import { isPostgres, readDatabaseLayout } from "./database-layout.server";
import { rowToLine } from "./row-values.server";

export type RestoreTarget = { db: Kysely<any>; storage: Storage; jobDirectory: string };

/** Comparable text for a row, whichever database it came from (0/1 and true/false are the same). */
function rowKey(row: Record<string, unknown>): string {
  return rowToLine(Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === "boolean" ? Number(value) : value])));
}

/**
 * Rows a new site has without anyone using it: what the migrations themselves insert (the visit counter at 0).
 * Worked out by migrating a scratch in-memory database, so it stays right as migrations are added.
 */
async function rowsOfNewSite(version: string): Promise<Map<string, Set<string>>> {
  const scratch: Kysely<any> = createDb({ kind: "sqlite", file: ":memory:" });
  try {
    await migrateTo(scratch, version);
    const seeded = new Map<string, Set<string>>();
    for (const table of await readDatabaseLayout(scratch)) {
      const rows = await scratch.selectFrom(table.name).selectAll().execute();
      seeded.set(table.name, new Set(rows.map(rowKey)));
    }
    return seeded;
  } finally {
    await scratch.destroy();
  }
}

/**
 * What the target already holds beyond a new, unused site, as sentences for the owner; empty when restoring
 * there can lose nothing.
 */
export async function describeTargetContents(target: RestoreTarget): Promise<string[]> {
  const found: string[] = [];
  const applied = await listAppliedMigrations(target.db);
  const known = listKnownMigrations();
  if (applied.some((name) => !known.includes(name))) {
    found.push("the database was set up by a newer version of the site");
  } else if (applied.length > 0) {
    const seeded = await rowsOfNewSite(applied.at(-1) as string);
    for (const table of await readDatabaseLayout(target.db)) {
      const newSite = seeded.get(table.name) ?? new Set<string>();
      const { count } = await target.db
        .selectFrom(table.name)
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .executeTakeFirstOrThrow();
      // Rows are only read when there are few enough to be a new site's own; a big table is simply not empty.
      const extra =
        Number(count) > newSite.size
          ? Number(count)
          : (await target.db.selectFrom(table.name).selectAll().execute()).filter((row) => !newSite.has(rowKey(row))).length;
      if (extra > 0) found.push(`the database's "${table.name}" table has ${extra} row${extra === 1 ? "" : "s"}`);
    }
  }
  let objects = 0;
  let example = "";
  for await (const key of target.storage.list("")) {
    example ||= key;
    if (++objects >= 1000) break;
  }
  if (objects > 0) found.push(`the file storage has ${objects >= 1000 ? "1000 or more" : objects} file${objects === 1 ? "" : "s"} (${example}${objects > 1 ? ", ..." : ""})`);
  const jobs = await readdir(target.jobDirectory).catch(() => [] as string[]);
  if (jobs.length > 0) found.push(`${target.jobDirectory} has ${jobs.length} file${jobs.length === 1 ? "" : "s"}`);
  return found;
}

/** Removes every table (Kysely's included), every stored object and every waiting master. */
export async function clearTarget(target: RestoreTarget): Promise<void> {
  const layout = await readDatabaseLayout(target.db);
  const postgres = isPostgres(target.db);
  for (const table of [...layout.toReversed().map((t) => t.name), "kysely_migration", "kysely_migration_lock"]) {
    await (postgres
      ? sql`drop table if exists ${sql.table(table)} cascade`.execute(target.db)
      : sql`drop table if exists ${sql.table(table)}`.execute(target.db));
  }
  const keys: string[] = [];
  for await (const key of target.storage.list("")) keys.push(key);
  for (const key of keys) await target.storage.delete(key);
  await rm(target.jobDirectory, { recursive: true, force: true });
  await mkdir(target.jobDirectory, { recursive: true });
}
