import { type Kysely, PostgresAdapter, sql } from "kysely";
import { createDb } from "../db/client.server";
import { listKnownMigrations, migrateTo } from "../db/migrate.server";

/**
 * The tables of a database as the backup sees them, read from the database itself rather than from a list in the
 * code, so a table a later migration adds is backed up without anyone remembering to add it here.
 */
export type TableLayout = {
  name: string;
  /** Declared column types, lower case ("integer", "text", "boolean", "timestamp with time zone", "date"...). */
  columns: { name: string; type: string }[];
  primaryKey: string[];
  /** Tables this one refers to with a foreign key. */
  references: string[];
};

/** Kysely's own bookkeeping: the archive records the migration version instead. */
export const MIGRATION_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);

/**
 * Tables whose rows are not worth keeping and not safe to carry: sign-in sessions (a leaked archive must not let
 * anyone in), e-mail verification and password-reset tokens, and rate-limit counters (Better Auth's and the
 * app's). Restored sites start with none; people sign in again. The content version only tells running servers
 * that their kept pages are stale: a restored site starts from its migration's row, which the restore then raises.
 * The server heartbeats describe the processes running now, not the site.
 * Everything else is backed up.
 */
export const TRANSIENT_TABLES = new Set(["session", "verification", "rateLimit", "requestLimit", "contentVersion", "serverHeartbeat"]);

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Every table of the database except Kysely's, parents before the tables that refer to them. */
export async function readDatabaseLayout(db: Kysely<any>): Promise<TableLayout[]> {
  const tables = isPostgres(db) ? await readPostgresLayout(db) : await readSqliteLayout(db);
  return orderByDependencies(tables.filter((table) => !MIGRATION_TABLES.has(table.name)));
}

let ownTables: Promise<Set<string>> | undefined;

/**
 * Every table some version of the site's migrations makes, worked out once by running them one by one on a
 * scratch in-memory database. A table a migration adds joins by itself; a table the site never made (PostGIS's
 * spatial_ref_sys, another application's) is never backed up, emptied or dropped.
 */
export function listOwnTables(): Promise<Set<string>> {
  ownTables ??= (async () => {
    const scratch: Kysely<any> = createDb({ kind: "sqlite", file: ":memory:" });
    try {
      const names = new Set<string>();
      for (const migration of listKnownMigrations()) {
        await migrateTo(scratch, migration);
        for (const table of await readSqliteLayout(scratch)) names.add(table.name);
      }
      return names;
    } finally {
      await scratch.destroy();
    }
  })();
  return ownTables;
}

/** The site's own tables in this database, parents first. */
export async function readOwnLayout(db: Kysely<any>): Promise<TableLayout[]> {
  const own = await listOwnTables();
  return (await readDatabaseLayout(db)).filter((table) => own.has(table.name));
}

/** The tables a backup carries, in dependency order: the site's own, less the transient ones. */
export async function readBackupLayout(db: Kysely<any>): Promise<TableLayout[]> {
  return (await readOwnLayout(db)).filter((table) => !TRANSIENT_TABLES.has(table.name));
}

async function readSqliteLayout(db: Kysely<any>): Promise<TableLayout[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`.execute(db);
  const layouts: TableLayout[] = [];
  for (const { name } of tables) {
    const { rows: columns } = await sql<{ name: string; type: string; pk: number }>`
      select name, type, pk from pragma_table_info(${name}) order by cid`.execute(db);
    const { rows: keys } = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(db);
    layouts.push({
      name,
      columns: columns.map((column) => ({ name: column.name, type: column.type.toLowerCase() })),
      primaryKey: columns.filter((column) => column.pk > 0).toSorted((a, b) => a.pk - b.pk).map((column) => column.name),
      references: [...new Set(keys.map((key) => key.table))],
    });
  }
  return layouts;
}

async function readPostgresLayout(db: Kysely<any>): Promise<TableLayout[]> {
  const { rows: columns } = await sql<{ table: string; column: string; type: string }>`
    select c.table_name as "table", c.column_name as "column", c.data_type as "type"
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db);
  const { rows: keys } = await sql<{ table: string; column: string }>`
    select tc.relname as "table", a.attname as "column"
    from pg_index i
    join pg_class tc on tc.oid = i.indrelid
    join pg_namespace n on n.oid = tc.relnamespace
    cross join lateral unnest(i.indkey) with ordinality as k(attnum, position)
    join pg_attribute a on a.attrelid = tc.oid and a.attnum = k.attnum
    where i.indisprimary and n.nspname = current_schema()
    order by tc.relname, k.position`.execute(db);
  const { rows: references } = await sql<{ table: string; referenced: string }>`
    select child.relname as "table", parent.relname as "referenced"
    from pg_constraint con
    join pg_class child on child.oid = con.conrelid
    join pg_class parent on parent.oid = con.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where con.contype = 'f' and n.nspname = current_schema()`.execute(db);

  const byName = new Map<string, TableLayout>();
  for (const column of columns) {
    const table = byName.get(column.table) ?? { name: column.table, columns: [], primaryKey: [], references: [] };
    table.columns.push({ name: column.column, type: column.type.toLowerCase() });
    byName.set(column.table, table);
  }
  for (const key of keys) byName.get(key.table)?.primaryKey.push(key.column);
  for (const reference of references) {
    const table = byName.get(reference.table);
    if (table && !table.references.includes(reference.referenced)) table.references.push(reference.referenced);
  }
  return [...byName.values()];
}

/** Parents first; ties in name order, so two databases with the same schema give the same order. */
export function orderByDependencies(tables: TableLayout[]): TableLayout[] {
  const remaining = new Map(tables.toSorted((a, b) => a.name.localeCompare(b.name)).map((table) => [table.name, table]));
  const ordered: TableLayout[] = [];
  while (remaining.size > 0) {
    const ready = [...remaining.values()].find((table) =>
      table.references.every((parent) => parent === table.name || !remaining.has(parent)),
    );
    if (!ready) throw new Error(`Tables refer to each other in a circle: ${[...remaining.keys()].join(", ")}`);
    ordered.push(ready);
    remaining.delete(ready.name);
  }
  return ordered;
}
