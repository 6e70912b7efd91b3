import { thumbHashToAverageRGBA } from "thumbhash";
import {
  FORMAT_CONTENT_TYPES,
  type ImageVariant,
  type VariantFormat,
  getVariantFileName,
  planVariantWidths,
} from "./image-variants";

export { IMAGE_NOT_FOUND } from "./image-not-found";

export type DisplayableImage = {
  id: string;
  /** Upright size of the original; gives the aspect ratio so nothing shifts while loading. */
  width: number | null;
  height: number | null;
  variants: ImageVariant[];
};

export type ImageSource = { type: string; srcSet: string; sizes: string };

/** Everything a <picture> needs: one <source> per modern format, and the <img> fallback. */
export type ImageSources = {
  sources: ImageSource[];
  src: string;
  srcSet: string;
  sizes: string;
  width: number;
  height: number;
};

export function getVariantUrl(imageId: string, variant: ImageVariant): string {
  return `/media/${encodeURIComponent(imageId)}/${getVariantFileName(variant)}?v=${variant.hash}`;
}

/**
 * srcset and sizes for an image from the variants stored so far, or null when nothing is stored yet
 * (show IMAGE_NOT_FOUND then). While the background work is still running, a format is offered in a
 * <source> only once its widest planned width exists (the background makes it last of the format), so a browser
 * never picks a small AVIF for a large screen. A width missing below it, such as the 960-wide slot of a photo
 * stored before that slot was added, only means the browser takes the next wider file.
 */
export function getImageSources(image: DisplayableImage, sizes = "100vw"): ImageSources | null {
  if (image.variants.length === 0) return null;
  const byFormat = (format: VariantFormat) =>
    image.variants.filter((v) => v.format === format).toSorted((a, b) => a.width - b.width);
  const largest = image.variants.reduce((a, b) => (b.width > a.width ? b : a));
  const width = image.width ?? largest.width;
  const height = image.height ?? largest.height;
  const widestPlanned = planVariantWidths(width).at(-1)?.name;
  const srcSetOf = (variants: ImageVariant[]) => variants.map((v) => `${getVariantUrl(image.id, v)} ${v.width}w`).join(", ");

  const sources: ImageSource[] = [];
  for (const format of ["avif", "webp"] as const) {
    const variants = byFormat(format);
    if (variants.some((v) => v.name === widestPlanned)) sources.push({ type: FORMAT_CONTENT_TYPES[format], srcSet: srcSetOf(variants), sizes });
  }

  // The <img> is for browsers without AVIF: whichever of JPEG and WebP has more widths, JPEG when equal.
  const jpeg = byFormat("jpeg");
  const webp = byFormat("webp");
  let fallback = jpeg.length >= webp.length ? jpeg : webp;
  if (fallback.length === 0) fallback = byFormat("avif");
  // The middle width is a sensible src for browsers that ignore srcset.
  const src = fallback[Math.floor((fallback.length - 1) / 2)] as ImageVariant;
  return { sources, src: getVariantUrl(image.id, src), srcSet: srcSetOf(fallback), sizes, width, height };
}

function decodePlaceholder(placeholder: string): Uint8Array {
  return Uint8Array.from(atob(placeholder), (c) => c.charCodeAt(0));
}

/**
 * The thumbhash's average colour as CSS: a few bytes, where a blurred preview drawn from it is a data: URL of about
 * 4 KB, so a page can put it in server-rendered HTML for every photo.
 */
export function getPlaceholderColour(placeholder: string | null): string | undefined {
  if (!placeholder) return undefined;
  try {
    const { r, g, b } = thumbHashToAverageRGBA(decodePlaceholder(placeholder));
    return `rgb(${Math.round(r * 255)} ${Math.round(g * 255)} ${Math.round(b * 255)})`;
  } catch {
    return undefined;
  }
}
