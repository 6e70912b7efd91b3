import type { Kysely } from "kysely";

// Frozen. One row whose number goes up whenever something a public page shows changes (galleries, photos,
// captions). Every server instance reads it about twice a second, together with the visitor count, to know when
// the pages it keeps rendered have gone stale, whichever instance made the change.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("contentVersion")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.insertInto("contentVersion").values({ id: 1, version: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("contentVersion").execute();
}
