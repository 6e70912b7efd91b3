import { getImageSources, getPlaceholderColour } from "./image-url";
import { parseVariants } from "./image-variants";
import type { Photo } from "./photo";

/** What the public pages read of an uploaded photo's row (server/db/public-images.server.ts). */
export type StoredPhoto = {
  id: string;
  categoryId: number;
  title: string;
  caption: string;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  /** The stored variants as JSON (ImageVariant[]). */
  variants: string;
};

export type GalleryPhoto = Photo & { id: string; categoryId: number };

/** Turns a stored photo into a Photo (its /media/ variant URLs), or null when it has no usable variants. */
export function toGalleryPhoto(row: StoredPhoto): GalleryPhoto | null {
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

/** The photos of these rows that can be shown, in the same order. */
export function toGalleryPhotos(rows: readonly StoredPhoto[]): GalleryPhoto[] {
  return rows.map(toGalleryPhoto).filter((photo) => photo !== null);
}
