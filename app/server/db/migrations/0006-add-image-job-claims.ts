import type { Kysely } from "kysely";

// Frozen. An unfinished image (status 'processing') is a job that several server instances on one database may
// want: the instance working on it holds a lease (leaseOwner until leaseUntil, an ISO time), renewed as it goes,
// which lapses if that instance dies. leaseUntil also holds back a failed job until its retry is due; attempts
// counts the failures, whichever instance had them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("image").addColumn("leaseOwner", "text").execute();
  await db.schema.alterTable("image").addColumn("leaseUntil", "text").execute();
  await db.schema
    .alterTable("image")
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  // Finding the next job reads only the unfinished images, however many photos the site has.
  await db.schema.createIndex("image_status_id").on("image").columns(["status", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("image_status_id").execute();
  await db.schema.alterTable("image").dropColumn("attempts").execute();
  await db.schema.alterTable("image").dropColumn("leaseUntil").execute();
  await db.schema.alterTable("image").dropColumn("leaseOwner").execute();
}
