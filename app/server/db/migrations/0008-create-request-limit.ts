import type { Kysely } from "kysely";

// Frozen. The app's own fixed-window rate limits (sign-in family, quote form), apart from Better Auth's `rateLimit`
// table: Better Auth deletes that table's rows whose last request is older than its own one-minute window, which
// would wipe the app's counters (their windows run 15 minutes to an hour) about once a minute.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("requestLimit")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("count", "integer", (col) => col.notNull())
    .addColumn("windowStart", "bigint", (col) => col.notNull())
    .execute();
  await db.deleteFrom("rateLimit").where("key", "like", "app:%").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("requestLimit").execute();
}
