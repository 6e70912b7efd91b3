import type { StoredPhoto } from "~/lib/gallery-photo";
import { noteContentChanged } from "../pages/page-freshness.server";
import type { Db } from "./client.server";
import type { Category } from "./schema.server";

const PHOTO_COLUMNS = ["id", "categoryId", "title", "caption", "width", "height", "placeholder", "variants"] as const;

/** Makes a photo its category's cover; false when the photo is not (or no longer) in that category. */
export async function setCategoryCover(db: Db, categoryId: number, imageId: string): Promise<boolean> {
  const result = await db
    .updateTable("category")
    .set({ coverImageId: imageId })
    .where("id", "=", categoryId)
    .where((eb) => eb.exists(eb.selectFrom("image").select("id").where("id", "=", imageId).where("categoryId", "=", categoryId)))
    .executeTakeFirst();
  const changed = Number(result.numUpdatedRows) > 0;
  if (changed) await noteContentChanged(db);
  return changed;
}

/**
 * The category's cover: the photo chosen with "Use as cover" while it is ready and still in the category,
 * otherwise the first ready photo in the owner's order; null for a category with no ready photo.
 */
export async function getCategoryCover(db: Db, category: Pick<Category, "id" | "coverImageId">): Promise<StoredPhoto | null> {
  const ready = db.selectFrom("image").select(PHOTO_COLUMNS).where("categoryId", "=", category.id).where("status", "=", "ready");
  if (category.coverImageId) {
    const chosen = await ready.where("id", "=", category.coverImageId).executeTakeFirst();
    if (chosen) return chosen;
  }
  return (await ready.orderBy("position").orderBy("id").limit(1).executeTakeFirst()) ?? null;
}

export type CategoryWithCover = { id: number; name: string; coverImageId: string | null; cover: StoredPhoto | null };

/**
 * Every category in the owner's order with its cover photo (as getCategoryCover chooses it): the home page's
 * gallery tiles. One query, however many categories, so the home page costs what it did.
 */
export async function listCategoriesWithCovers(db: Db): Promise<CategoryWithCover[]> {
  const rows = await db
    .selectFrom("category as c")
    .leftJoin("image as i", (join) =>
      join.on((eb) =>
        eb(
          "i.id",
          "=",
          eb.fn.coalesce(
            eb
              .selectFrom("image as chosen")
              .select("chosen.id")
              .whereRef("chosen.id", "=", "c.coverImageId")
              .whereRef("chosen.categoryId", "=", "c.id")
              .where("chosen.status", "=", "ready"),
            eb
              .selectFrom("image as first")
              .select("first.id")
              .whereRef("first.categoryId", "=", "c.id")
              .where("first.status", "=", "ready")
              .orderBy("first.position")
              .orderBy("first.id")
              .limit(1),
          ),
        ),
      ),
    )
    .select([
      "c.id as id",
      "c.name as name",
      "c.coverImageId as coverImageId",
      "i.id as imageId",
      "i.title",
      "i.caption",
      "i.width",
      "i.height",
      "i.placeholder",
      "i.variants",
    ])
    .orderBy("c.position")
    .orderBy("c.id")
    .execute();
  return rows.map(({ imageId, title, caption, width, height, placeholder, variants, ...category }) => ({
    ...category,
    cover:
      imageId === null
        ? null
        : { id: imageId, categoryId: category.id, title: title ?? "", caption: caption ?? "", width, height, placeholder, variants: variants ?? "[]" },
  }));
}
