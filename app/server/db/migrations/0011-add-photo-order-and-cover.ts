import { type Kysely, sql } from "kysely";

// Frozen. The owner's order: photos and categories get a text sort key (see db/positions.server.ts), filled here so
// that today's order is kept: photos in upload order (their UUIDv7 ids), categories alphabetically as the menu showed
// them. A category may name its cover photo; until it does, its first photo is the cover.

/** The same fixed-width count as positionAfter in positions.server.ts, copied so this file never changes. */
function nextKey(last: string | null): string {
  const digits = "0123456789abcdefghijklmnopqrstuvwxyz";
  if (!last) return "a00001";
  let tail = "";
  for (let i = last.length - 1; i >= 0; i--) {
    const d = digits.indexOf(last[i] as string);
    if (d < digits.length - 1) return last.slice(0, i) + digits[d + 1] + tail;
    tail = (i === last.length - 1 ? "1" : "0") + tail;
  }
  return last + "1";
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("image").addColumn("position", "text", (col) => col.notNull().defaultTo("")).execute();
  await db.schema.alterTable("category").addColumn("position", "text", (col) => col.notNull().defaultTo("")).execute();
  await db.schema.alterTable("category").addColumn("coverImageId", "text").execute();

  const categories = await db.selectFrom("category").select(["id"]).orderBy(sql`lower("name")`).orderBy("id").execute();
  let categoryKey: string | null = null;
  for (const category of categories) {
    categoryKey = nextKey(categoryKey);
    await db.updateTable("category").set({ position: categoryKey }).where("id", "=", category.id).execute();
    const images = await db.selectFrom("image").select("id").where("categoryId", "=", category.id).orderBy("id").execute();
    let imageKey: string | null = null;
    for (const image of images) {
      imageKey = nextKey(imageKey);
      await db.updateTable("image").set({ position: imageKey }).where("id", "=", image.id).execute();
    }
  }
  await db.schema.createIndex("image_category_position").on("image").columns(["categoryId", "position", "id"]).execute();
  await db.schema.createIndex("category_position").on("category").columns(["position", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("category_position").execute();
  await db.schema.dropIndex("image_category_position").execute();
  await db.schema.alterTable("category").dropColumn("coverImageId").execute();
  await db.schema.alterTable("category").dropColumn("position").execute();
  await db.schema.alterTable("image").dropColumn("position").execute();
}
