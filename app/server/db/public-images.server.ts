import { getImageSources, getPlaceholderColour } from "~/lib/image-url";
import { parseVariants } from "~/lib/image-variants";
import type { Photo } from "~/lib/photo";
import type { Db } from "./client.server";
import type { Image } from "./schema.server";

/** Read-only queries for the public pages: photos that finished processing, shaped for <picture>. */

export type GalleryPhoto = Photo & { id: string; categoryId: number };

type PhotoRow = Pick<Image, "id" | "categoryId" | "title" | "caption" | "width" | "height" | "placeholder" | "variants">;

/** Turns a stored image into a Photo (its /media/ variant URLs), or null when it has no usable variants. */
export function toGalleryPhoto(row: PhotoRow): GalleryPhoto | null {
  const sources = getImageSources({ id: row.id, width: row.width, height: row.height, variants: parseVariants(row.variants) });
  if (!sources) return null;
  return {
    id: row.id,
    categoryId: row.categoryId,
    alt: row.title || row.caption || "Photo of our work",
    width: sources.width,
    height: sources.height,
    src: sources.src,
    srcSet: sources.srcSet,
    sources: sources.sources.map(({ type, srcSet }) => ({ type, srcSet })),
    placeholderColor: getPlaceholderColour(row.placeholder),
  };
}

const PHOTO_COLUMNS = ["id", "categoryId", "title", "caption", "width", "height", "placeholder", "variants"] as const;

/** The newest ready photos across every gallery (image ids are UUIDv7, so they sort by upload time). */
export async function listRecentPhotos(db: Db, limit: number): Promise<GalleryPhoto[]> {
  const rows = await db
    .selectFrom("image")
    .select(PHOTO_COLUMNS)
    .where("status", "=", "ready")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toGalleryPhoto).filter((photo) => photo !== null);
}

/**
 * The first `perCategory` ready photos (upload order, as the gallery shows them) of each named category,
 * keyed by the name as given. Names match regardless of case, like category names themselves.
 */
export async function listFirstPhotosByCategoryName(
  db: Db,
  names: readonly string[],
  perCategory: number,
): Promise<Map<string, GalleryPhoto[]>> {
  const result = new Map<string, GalleryPhoto[]>();
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
      result.set(name, rows.map(toGalleryPhoto).filter((photo) => photo !== null));
    }),
  );
  return result;
}
