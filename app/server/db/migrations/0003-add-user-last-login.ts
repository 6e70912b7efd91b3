import type { Kysely } from "kysely";

// Frozen. Better Auth keeps no last sign-in time; the users page and the profile show it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("user").addColumn("lastLoginAt", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("user").dropColumn("lastLoginAt").execute();
}
