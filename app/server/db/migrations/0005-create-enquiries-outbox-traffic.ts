import type { Kysely } from "kysely";

// Frozen. Quote requests with their private photos, the durable mail outbox, the proof-of-work challenges already
// accepted, and per-day traffic aggregates for the owner's dashboard (paths and referring hosts, never addresses).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("enquiry")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("reference", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text")
    .addColumn("phone", "text")
    .addColumn("postcode", "text", (col) => col.notNull())
    .addColumn("service", "text", (col) => col.notNull())
    .addColumn("serviceName", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("new"))
    .addColumn("notes", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("readAt", "text")
    .addColumn("closedAt", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("enquiry_created").on("enquiry").column("createdAt").execute();
  await db.schema.createIndex("enquiry_status_created").on("enquiry").columns(["status", "createdAt"]).execute();

  await db.schema
    .createTable("enquiryPhoto")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("enquiryId", "text", (col) => col.notNull().references("enquiry.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("originalName", "text", (col) => col.notNull())
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("size", "integer", (col) => col.notNull())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("enquiry_photo_enquiry").on("enquiryPhoto").columns(["enquiryId", "position"]).execute();

  await db.schema
    .createTable("mailOutbox")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("enquiryId", "text", (col) => col.references("enquiry.id").onDelete("cascade"))
    .addColumn("to", "text", (col) => col.notNull())
    .addColumn("replyTo", "text")
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("text", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("nextAttemptAt", "text", (col) => col.notNull())
    .addColumn("lastError", "text")
    .addColumn("sentAt", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("mail_outbox_due").on("mailOutbox").columns(["status", "nextAttemptAt"]).execute();
  await db.schema.createIndex("mail_outbox_enquiry").on("mailOutbox").column("enquiryId").execute();

  await db.schema
    .createTable("usedChallenge")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("expiresAt", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("trafficDay")
    .addColumn("day", "text", (col) => col.primaryKey())
    .addColumn("visits", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("views", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("pageViewDay")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("path", "text", (col) => col.notNull())
    .addColumn("views", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("page_view_day_pk", ["day", "path"])
    .execute();
  await db.schema
    .createTable("referrerDay")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("host", "text", (col) => col.notNull())
    .addColumn("views", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("referrer_day_pk", ["day", "host"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["referrerDay", "pageViewDay", "trafficDay", "usedChallenge", "mailOutbox", "enquiryPhoto", "enquiry"]) {
    await db.schema.dropTable(table).execute();
  }
}
