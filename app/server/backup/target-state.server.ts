import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { createDb } from "../db/client.server";
import { listAppliedMigrations, listKnownMigrations, migrateTo } from "../db/migrate.server";
import { isMasterFileName } from "../images/master-image.server";
import { listOwnStorageKeys } from "../storage/own-prefixes.server";
import type { Storage } from "../storage/storage-contract.server";
import type { BackupSource } from "./create-backup.server";
import { MIGRATION_TABLES, TRANSIENT_TABLES, readDatabaseLayout, readOwnLayout } from "./database-layout.server";
import { rowToLine } from "./row-values.server";

/**
 * Where a restore writes. `site` is the same place as the settings name it (its DATA_DIR too): with it the restore
 * takes the backup lock and, with --force, writes a backup of what it replaces first.
 */
export type RestoreTarget = { db: Kysely<any>; storage: Storage; jobDirectory: string; site?: BackupSource };

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
 * What the target's own tables, folders and job folder hold beyond a new, unused site, as sentences for the owner;
 * empty when restoring there can lose nothing. Other applications' tables and files are not the site's to count.
 */
export async function describeTargetContents(target: RestoreTarget): Promise<string[]> {
  const found: string[] = [];
  const applied = await listAppliedMigrations(target.db);
  const known = listKnownMigrations();
  if (applied.some((name) => !known.includes(name))) {
    found.push("the database was set up by a newer version of the site");
  } else if (applied.length > 0) {
    const seeded = await rowsOfNewSite(applied.at(-1) as string);
    for (const table of await readOwnLayout(target.db)) {
      if (TRANSIENT_TABLES.has(table.name)) continue;
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
  for await (const key of listOwnStorageKeys(target.storage)) {
    example ||= key;
    if (++objects >= 1000) break;
  }
  if (objects > 0) found.push(`the file storage has ${objects >= 1000 ? "1000 or more" : objects} file${objects === 1 ? "" : "s"} (${example}${objects > 1 ? ", ..." : ""})`);
  const jobs = (await readdir(target.jobDirectory).catch(() => [] as string[])).filter(isMasterFileName);
  if (jobs.length > 0) found.push(`${target.jobDirectory} has ${jobs.length} file${jobs.length === 1 ? "" : "s"}`);
  return found;
}

/** Drops the site's own tables (Kysely's bookkeeping included), children first; any other table stays. */
export async function dropOwnTables(db: Kysely<any>): Promise<void> {
  const own = (await readOwnLayout(db)).toReversed().map((table) => table.name);
  const bookkeeping = (await db.introspection.getTables({ withInternalKyselyTables: true })).map((table) => table.name).filter((name) => MIGRATION_TABLES.has(name));
  for (const table of [...own, ...bookkeeping]) {
    // No cascade: a view or a table of someone else's that depends on the site's makes the restore stop instead.
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}

/** Deletes the site's stored files and waiting masters that the restored site does not have. */
export async function removeOtherFiles(target: RestoreTarget, keep: { keys: Set<string>; jobs: Set<string> }): Promise<number> {
  const stale: string[] = [];
  for await (const key of listOwnStorageKeys(target.storage)) if (!keep.keys.has(key)) stale.push(key);
  for (const key of stale) await target.storage.delete(key);
  let removed = stale.length;
  for (const name of await readdir(target.jobDirectory).catch(() => [] as string[])) {
    if (keep.jobs.has(name)) continue;
    await rm(path.join(target.jobDirectory, name), { force: true });
    removed += 1;
  }
  return removed;
}
