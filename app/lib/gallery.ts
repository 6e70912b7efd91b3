import { IMAGE_NOT_FOUND } from "./image-not-found";
import type { ImageSources } from "./image-url";

/**
 * Photos per request: three rows at desktop width (four columns), about a screenful, and two screens on a phone.
 * The page fetches the next ones as the visitor scrolls, so a page of 24 only made the first load heavier: on a phone
 * the browser fetches every lazy photo within about 1,250 px of the screen, which was 14 photos for 6 in view.
 */
export const GALLERY_PAGE_SIZE = 12;

/** One photo as the gallery page needs it; nothing else of the image row leaves the server. */
export type GalleryItem = {
  id: string;
  title: string;
  caption: string;
  /**
   * The photo's average colour as CSS (from its stored thumbhash), filling its box until the photo arrives. The
   * colour rather than the thumbhash itself: drawing the blurred preview needed a decoder and a PNG encoder in the
   * page's script, and a dozen PNGs drawn just after hydration.
   */
  placeholderColor: string | null;
  /** null when nothing is stored: the page shows the spec's fallback entry. */
  sources: ImageSources | null;
};

/** A run of photos in upload order, and the id to continue after (null at the end of the gallery). */
export type GalleryPage = { items: GalleryItem[]; nextAfter: string | null };

/** What a card or the expanded view shows for a photo: its own text, or the fallback entry if it cannot be shown. */
export type GalleryEntry = {
  title: string;
  caption: string;
  alt: string;
  sources: ImageSources | null;
};

/**
 * Titles and captions are the admin's plain text, rendered by React as text (never as HTML). The picture's
 * alt is the caption as the spec says, then the title, then a description of its place, so it is never empty.
 */
export function getGalleryEntry(item: GalleryItem, failed: boolean, fallbackAlt: string): GalleryEntry {
  if (failed || item.sources === null) {
    return { title: IMAGE_NOT_FOUND.title, caption: IMAGE_NOT_FOUND.caption, alt: IMAGE_NOT_FOUND.title, sources: null };
  }
  return {
    title: item.title || "No title",
    caption: item.caption,
    alt: item.caption || item.title || fallbackAlt,
    sources: item.sources,
  };
}

/** The widest stored file of the entry's fallback format (JPEG or WebP), or the not-found picture. */
export function getFullSizeUrl(entry: GalleryEntry): string {
  const widest = entry.sources?.srcSet.split(", ").at(-1)?.split(" ")[0];
  return widest || entry.sources?.src || IMAGE_NOT_FOUND.url;
}

/** Adds the next page to what is shown; a photo already shown (a repeated request) is not shown twice. */
export function appendGalleryPage(current: GalleryPage, next: GalleryPage): GalleryPage {
  const seen = new Set(current.items.map((item) => item.id));
  return { items: [...current.items, ...next.items.filter((item) => !seen.has(item.id))], nextAfter: next.nextAfter };
}

export type LightboxDirection = "previous" | "next";

/** Where a step in the expanded view goes: another loaded photo, the next page first, or nowhere (the ends). */
export type LightboxStep = { kind: "show"; index: number } | { kind: "load" } | { kind: "none" };

export function getLightboxStep(index: number, direction: LightboxDirection, loaded: number, hasMore: boolean): LightboxStep {
  if (direction === "previous") return index > 0 ? { kind: "show", index: index - 1 } : { kind: "none" };
  if (index + 1 < loaded) return { kind: "show", index: index + 1 };
  return hasMore ? { kind: "load" } : { kind: "none" };
}
