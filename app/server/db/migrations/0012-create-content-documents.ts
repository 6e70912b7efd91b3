import type { Kysely } from "kysely";

// Frozen. Edited content with drafts and history (server/content/document-store.server.ts): one row per document
// (a kind, like "site", and a key, like "business") holding its published JSON, its draft JSON and a revision
// number that every write raises, so two editors can never overwrite each other unseen; and its versions, each
// publish or kept draft, with who made it, when, and which fields changed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("contentDocument")
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("published", "text")
    .addColumn("draft", "text")
    .addColumn("revision", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("draftUpdatedAt", "text")
    .addColumn("draftUpdatedBy", "text")
    .addColumn("publishedAt", "text")
    .addColumn("publishedBy", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("content_document_pk", ["kind", "key"])
    .execute();

  await db.schema
    .createTable("contentDocumentVersion")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("data", "text", (col) => col.notNull())
    .addColumn("changedFields", "text", (col) => col.notNull())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("createdBy", "text")
    .execute();
  await db.schema.createIndex("content_document_version_doc").on("contentDocumentVersion").columns(["kind", "key", "createdAt"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("contentDocumentVersion").execute();
  await db.schema.dropTable("contentDocument").execute();
}
