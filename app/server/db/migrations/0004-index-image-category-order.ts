import type { Kysely } from "kysely";

// Frozen. A gallery page reads one category's images in upload order (id), 24 after a given id: with this index
// that is a range read, where before every image of the category was read and sorted for each page.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("image_category_id").on("image").columns(["categoryId", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("image_category_id").execute();
}
