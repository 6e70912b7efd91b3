import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { migrations } from "./migrations/index";

/** Brings the schema up to date; run at start-up and by the tests. Throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { error, results } = await migratorFor(db).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

function migratorFor(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** The names of the migrations this database has had, oldest first; none for a database with no tables. */
export async function listAppliedMigrations(db: Kysely<any>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === "kysely_migration")) return [];
  const rows = await db.selectFrom("kysely_migration").select("name").orderBy("name").execute();
  return rows.map((row) => row.name as string);
}

/** The names of every migration this version of the site knows, oldest first. */
export function listKnownMigrations(): string[] {
  return Object.keys(migrations).toSorted();
}

/** Brings the schema to exactly the given migration (a restore rebuilds the archive's schema, then moves on). */
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const { error } = await migratorFor(db).migrateTo(name);
  if (error) throw new Error(`Database migration to ${name} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}
