import type { Kysely } from "kysely";

// Frozen. One row per running server, refreshed every few seconds and removed when it stops, so `npm run restore`
// can see that a site is still being served from this database and refuse to replace it under the server.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("serverHeartbeat")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("host", "text", (col) => col.notNull())
    .addColumn("pid", "integer", (col) => col.notNull())
    .addColumn("startedAt", "text", (col) => col.notNull())
    .addColumn("seenAt", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("serverHeartbeat").execute();
}
