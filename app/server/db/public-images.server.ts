import type { StoredPhoto } from "~/lib/gallery-photo";
import type { Db } from "./client.server";

/** Read-only queries for the public pages: photos that finished processing (lib/gallery-photo.ts shapes them). */

const PHOTO_COLUMNS = ["id", "categoryId", "title", "caption", "width", "height", "placeholder", "variants"] as const;

/** The newest ready photos across every gallery (image ids are UUIDv7, so they sort by upload time). */
export async function listRecentImages(db: Db, limit: number): Promise<StoredPhoto[]> {
  return db.selectFrom("image").select(PHOTO_COLUMNS).where("status", "=", "ready").orderBy("id", "desc").limit(limit).execute();
}

/**
 * The first `perCategory` ready photos (upload order, as the gallery shows them) of each named category,
 * keyed by the name as given. Names match regardless of case, like category names themselves.
 */
export async function listFirstImagesByCategoryName(
  db: Db,
  names: readonly string[],
  perCategory: number,
): Promise<Map<string, StoredPhoto[]>> {
  const result = new Map<string, StoredPhoto[]>();
  if (names.length === 0) return result;
  const categories = await db.selectFrom("category").select(["id", "name"]).execute();
  const idByName = new Map(categories.map((c) => [c.name.toLowerCase(), c.id]));
  await Promise.all(
    names.map(async (name) => {
      const categoryId = idByName.get(name.toLowerCase());
      if (categoryId === undefined) return;
      const rows = await db
        .selectFrom("image")
        .select(PHOTO_COLUMNS)
        .where("categoryId", "=", categoryId)
        .where("status", "=", "ready")
        .orderBy("id", "asc")
        .limit(perCategory)
        .execute();
      result.set(name, rows);
    }),
  );
  return result;
}
