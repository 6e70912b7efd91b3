import { z } from "zod";
import { GALLERY_PAGE_SIZE, type GalleryItem, type GalleryPage } from "~/lib/gallery";
import { getImageSources, getPlaceholderColour, getVariantUrl } from "~/lib/image-url";
import { type ImageVariant, type VariantName, parseVariants } from "~/lib/image-variants";
import { getCategory } from "../db/categories.server";
import type { Db } from "../db/client.server";
import { type GalleryImage, listCategoryImages } from "../db/images.server";
import type { Category } from "../db/schema.server";

/** The gallery an address names, or null for an id that is not a plain positive number or names no category. */
export async function getGalleryCategory(db: Db, idParam: string | undefined): Promise<Category | null> {
  if (!idParam || !/^[1-9]\d{0,14}$/.test(idParam)) return null;
  return getCategory(db, Number(idParam));
}

const AfterSchema = z.uuid();

/** The `after` search parameter: undefined when absent, null when it is not an image id. */
export function parseAfterParam(url: URL): string | undefined | null {
  const after = url.searchParams.get("after");
  if (after === null) return undefined;
  const parsed = AfterSchema.safeParse(after);
  return parsed.success ? parsed.data.toLowerCase() : null;
}

/** The picture a link preview shows: a 1280-wide JPEG or WebP (link previews rarely read AVIF). */
export type ShareImage = { url: string; width: number; height: number };

function toGalleryItem(row: GalleryImage): GalleryItem {
  const sources = getImageSources({ id: row.id, width: row.width, height: row.height, variants: parseVariants(row.variants) });
  return { id: row.id, title: row.title, caption: row.caption, placeholderColor: getPlaceholderColour(row.placeholder) ?? null, sources };
}

// Sizes in order of preference for a preview card; JPEG before WebP within a size.
const SHARE_RANK: Record<VariantName, number> = { w1280: 0, w960: 1, w640: 2, w2048: 3, w320: 4 };

/** The best variant of a photo for link previews (the gallery's cover photo, say), or null when none is stored. */
export function getShareImage(row: Pick<GalleryImage, "id" | "variants">): ShareImage | null {
  const rank = (v: ImageVariant) => SHARE_RANK[v.name] * 2 + (v.format === "jpeg" ? 0 : 1);
  const best = parseVariants(row.variants)
    .filter((v) => v.format !== "avif")
    .toSorted((a, b) => rank(a) - rank(b))[0];
  return best ? { url: getVariantUrl(row.id, best), width: best.width, height: best.height } : null;
}

/**
 * One page of a gallery in the owner's order, starting after the given image id. One row more than a page is read
 * to learn whether another page follows, so the end of the gallery needs no count.
 */
export async function getGalleryPage(
  db: Db,
  categoryId: number,
  after?: string,
): Promise<GalleryPage> {
  const rows = await listCategoryImages(db, categoryId, { after, limit: GALLERY_PAGE_SIZE + 1 });
  const page = rows.slice(0, GALLERY_PAGE_SIZE);
  return {
    items: page.map(toGalleryItem),
    nextAfter: rows.length > GALLERY_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}
