import { z } from "zod";

/**
 * The stored sizes of a gallery image, shared by the server (what to encode) and the pages (what to ask for).
 * A slot never upscales: a photo narrower than a slot is stored at its own width in that slot, and the
 * slots above it are left out.
 */
export const VARIANT_WIDTHS = { w320: 320, w640: 640, w960: 960, w1280: 1280, w2048: 2048 } as const;
export type VariantName = keyof typeof VARIANT_WIDTHS;
export const VARIANT_NAMES = Object.keys(VARIANT_WIDTHS) as [VariantName, ...VariantName[]];

const VARIANT_FORMATS = ["avif", "webp", "jpeg"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export const FORMAT_EXTENSIONS: Record<VariantFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };
export const FORMAT_CONTENT_TYPES: Record<VariantFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

/** One stored file of an image, as recorded in the image row's variants column. */
export type ImageVariant = {
  name: VariantName;
  format: VariantFormat;
  width: number;
  height: number;
  /** Bytes, so a page can tell the weight of what it shows. */
  size: number;
  /** Short content hash: part of the URL, so a changed file gets a new URL and old ones can be cached forever. */
  hash: string;
};

// Built on first use: the pages only ever build URLs from variants, so the browser bundle leaves zod out.
let variantListSchema: z.ZodType<ImageVariant[]> | undefined;
function getVariantListSchema(): z.ZodType<ImageVariant[]> {
  variantListSchema ??= z.array(
    z.object({
      name: z.enum(VARIANT_NAMES),
      format: z.enum(VARIANT_FORMATS),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      size: z.number().int().nonnegative(),
      hash: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    }),
  );
  return variantListSchema;
}

/** The image row's variants column. A damaged value reads as "nothing stored", which pages show as the not-found entry. */
export function parseVariants(json: string | null | undefined): ImageVariant[] {
  if (!json) return [];
  try {
    const result = getVariantListSchema().safeParse(JSON.parse(json));
    return result.success ? result.data : [];
  } catch {
    return [];
  }
}

/** "w640.webp": the file name of a variant in storage and in its URL. */
export function getVariantFileName(variant: Pick<ImageVariant, "name" | "format">): string {
  return `${variant.name}.${FORMAT_EXTENSIONS[variant.format]}`;
}

export type PlannedWidth = { name: VariantName; width: number };

/** The slots a photo of this (upright) width gets, each with the width it is stored at. */
export function planVariantWidths(originalWidth: number): PlannedWidth[] {
  const planned: PlannedWidth[] = [];
  for (const name of VARIANT_NAMES) {
    const width = Math.min(VARIANT_WIDTHS[name], originalWidth);
    planned.push({ name, width });
    if (width === originalWidth) break;
  }
  return planned;
}
