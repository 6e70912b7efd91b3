import type { Kysely } from "kysely";

// Frozen. Single-use links (generic: reviews are their first user), the owner's requests for a review, the reviews
// themselves with the owner's public reply and any hold, and their private-until-published photos.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("singleUseLink")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("purpose", "text", (col) => col.notNull())
    .addColumn("tokenHash", "text", (col) => col.notNull().unique())
    .addColumn("sealedToken", "text")
    .addColumn("expiresAt", "text", (col) => col.notNull())
    .addColumn("usedAt", "text")
    .addColumn("closesAt", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("reviewRequest")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("linkId", "text", (col) => col.notNull().unique().references("singleUseLink.id"))
    // No foreign key: an enquiry is deleted after its retention period, the request and its review stay.
    .addColumn("enquiryId", "text")
    .addColumn("customerName", "text", (col) => col.notNull())
    .addColumn("email", "text")
    .addColumn("phone", "text")
    .addColumn("job", "text", (col) => col.notNull())
    .addColumn("service", "text", (col) => col.notNull())
    .addColumn("serviceName", "text", (col) => col.notNull())
    .addColumn("remind", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("reminderSentAt", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("review_request_enquiry").on("reviewRequest").column("enquiryId").execute();
  await db.schema.createIndex("review_request_created").on("reviewRequest").column("createdAt").execute();

  await db.schema
    .createTable("review")
    .addColumn("id", "text", (col) => col.primaryKey())
    // Set for a review answered through a link (a verified job); null for one the owner typed in from elsewhere.
    .addColumn("requestId", "text", (col) => col.unique().references("reviewRequest.id"))
    .addColumn("source", "text")
    .addColumn("rating", "integer", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("displayName", "text", (col) => col.notNull())
    .addColumn("town", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("service", "text", (col) => col.notNull())
    .addColumn("serviceName", "text", (col) => col.notNull())
    .addColumn("jobMonth", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("holdReason", "text")
    .addColumn("heldAt", "text")
    .addColumn("reply", "text")
    .addColumn("repliedAt", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("review_status_created").on("review").columns(["status", "createdAt"]).execute();

  await db.schema
    .createTable("reviewPhoto")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("reviewId", "text", (col) => col.notNull().references("review.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("size", "integer", (col) => col.notNull())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("review_photo_review").on("reviewPhoto").columns(["reviewId", "position"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["reviewPhoto", "review", "reviewRequest", "singleUseLink"]) await db.schema.dropTable(table).execute();
}
