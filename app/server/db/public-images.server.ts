import { thumbHashToAverageRGBA } from "thumbhash";
import { z } from "zod";
import type { Photo } from "~/lib/photo";
import type { Db } from "./client.server";
import type { Image } from "./schema.server";

/** Read-only queries for the public pages: photos that finished processing, shaped for <picture>. */

const VariantsSchema = z.array(z.object({ format: z.string(), width: z.number().int().positive(), key: z.string().min(1) }));

/** Best first; the last one present is the fallback every browser shows. */
const FORMAT_ORDER = ["avif", "webp", "jpeg", "jpg", "png"];
const MIME: Record<string, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg", jpg: "image/jpeg", png: "image/png" };

/** Uploaded files are served from the address of their storage key (images/{imageId}/...). */
export function variantUrl(key: string): string {
  return `/${key.split("/").map(encodeURIComponent).join("/")}`;
}

export type GalleryPhoto = Photo & { id: string; categoryId: number };

type PhotoRow = Pick<Image, "id" | "categoryId" | "title" | "caption" | "width" | "height" | "placeholder" | "variants">;

/** Turns a stored image into a Photo, or null when it has no usable variants. */
export function toGalleryPhoto(row: PhotoRow): GalleryPhoto | null {
  let parsed: z.infer<typeof VariantsSchema>;
  try {
    parsed = VariantsSchema.parse(JSON.parse(row.variants));
  } catch {
    return null;
  }
  const byFormat = new Map<string, { width: number; key: string }[]>();
  for (const variant of parsed) {
    const format = variant.format.toLowerCase();
    if (!MIME[format]) continue;
    byFormat.set(format, [...(byFormat.get(format) ?? []), variant]);
  }
  const formats = FORMAT_ORDER.filter((f) => byFormat.has(f));
  const fallbackFormat = formats.at(-1);
  if (!fallbackFormat) return null;
  const srcSet = (format: string) =>
    byFormat
      .get(format)!
      .toSorted((a, b) => a.width - b.width)
      .map((v) => `${variantUrl(v.key)} ${v.width}w`)
      .join(", ");
  const fallback = byFormat.get(fallbackFormat)!.toSorted((a, b) => a.width - b.width);
  // The middle width is a sensible src for browsers that ignore srcset.
  const fallbackSrc = fallback[Math.floor((fallback.length - 1) / 2)]!;
  const width = row.width ?? fallback.at(-1)!.width;
  return {
    id: row.id,
    categoryId: row.categoryId,
    alt: row.title || row.caption || "Photo of our work",
    width,
    height: row.height ?? Math.round((width * 3) / 4),
    src: variantUrl(fallbackSrc.key),
    srcSet: srcSet(fallbackFormat),
    sources: formats.slice(0, -1).map((format) => ({ type: MIME[format]!, srcSet: srcSet(format) })),
    placeholderColor: averageColour(row.placeholder),
  };
}

function averageColour(thumbhash: string | null): string | undefined {
  if (!thumbhash) return undefined;
  try {
    const { r, g, b } = thumbHashToAverageRGBA(Buffer.from(thumbhash, "base64"));
    return `rgb(${Math.round(r * 255)} ${Math.round(g * 255)} ${Math.round(b * 255)})`;
  } catch {
    return undefined;
  }
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
