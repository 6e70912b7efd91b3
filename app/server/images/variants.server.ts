import { createHash } from "node:crypto";
import type { Sharp } from "sharp";
import {
  type ImageVariant,
  type VariantFormat,
  type VariantName,
  VARIANT_WIDTHS,
  planVariantWidths,
} from "~/lib/image-variants";

/** `height`, when given, is kept exactly (the source's own proportions may be a rounding away from the original's). */
export type VariantSpec = { name: VariantName; format: VariantFormat; width: number; height?: number };

/**
 * Made while the admin waits, so the image shows in the gallery at once: WebP at the two widths a gallery grid
 * draws and a JPEG for browsers without WebP, encoded side by side from one decode shrunk to 640 px where the
 * format allows (decision 018). The 1280-wide WebP is made first thing afterwards, not here: it needs a decode
 * wider than 640 px, which the admin's wait is kept free of; until it lands a large screen draws the 640-wide one.
 */
const FIRST: ReadonlyArray<readonly [VariantName, VariantFormat]> = [
  ["w640", "webp"],
  ["w640", "jpeg"],
  ["w320", "webp"],
];

/** The widest of the first variants: what the upload is decoded to when its format can shrink while decoding. */
export const FIRST_VARIANTS_MAX_WIDTH = Math.max(...FIRST.map(([name]) => VARIANT_WIDTHS[name]));

/**
 * Made afterwards in the background, in the order pages benefit most: the large WebP, AVIF (the smallest files, but
 * the slowest encoder by far), then the remaining fallbacks and the largest sizes. Two at a time (see
 * batchVariants), so both cores of a small server are busy; the pairs are arranged so that none is two large encodes.
 */
const LATER: ReadonlyArray<readonly [VariantName, VariantFormat]> = [
  ["w1280", "webp"],
  ["w960", "webp"],
  ["w320", "avif"],
  ["w640", "avif"],
  ["w960", "avif"],
  ["w1280", "avif"],
  ["w2048", "webp"],
  ["w320", "jpeg"],
  ["w2048", "avif"],
  ["w960", "jpeg"],
  ["w1280", "jpeg"],
  ["w2048", "jpeg"],
];

/** Every variant an image of this upright width gets, the first set first. */
export function planVariants(originalWidth: number): { first: VariantSpec[]; later: VariantSpec[] } {
  const widths = new Map(planVariantWidths(originalWidth).map((p) => [p.name, p.width]));
  const specs = (list: typeof FIRST) =>
    list.flatMap(([name, format]) => {
      const width = widths.get(name);
      return width === undefined ? [] : [{ name, format, width }];
    });
  return { first: specs(FIRST), later: specs(LATER) };
}

/**
 * Splits variants, in order, into the groups the background makes side by side: two at a time, except the largest
 * AVIF, which is made alone. Its encoder (aom) needs about 105 MB for a 2048-wide picture, more than any two other
 * variants together, and it is what sets the peak memory of an upload (docs/decisions/018).
 */
export function batchVariants(specs: VariantSpec[]): VariantSpec[][] {
  const batches: VariantSpec[][] = [];
  let current: VariantSpec[] = [];
  for (const spec of specs) {
    const alone = spec.format === "avif" && spec.name === "w2048";
    if (alone || current.length === 2) {
      if (current.length > 0) batches.push(current);
      current = [];
    }
    if (alone) batches.push([spec]);
    else current.push(spec);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** The planned variants not stored yet, in the order they should be made. */
export function listPendingVariants(originalWidth: number, stored: ImageVariant[]): VariantSpec[] {
  const { first, later } = planVariants(originalWidth);
  const done = new Set(stored.map((v) => `${v.name}.${v.format}`));
  return [...first, ...later].filter((spec) => !done.has(`${spec.name}.${spec.format}`));
}

/**
 * Encoder settings, chosen so that a 12 MP photo gets every variant within 3 s on two cores (decision record 018,
 * which has the measurements). AVIF always uses 4:2:0 chroma: sharp's default 4:4:4 took about four times as long
 * and pushed peak memory near 400 MB. Its effort falls with the width, since the encoder's time grows with the pixels:
 * - the 320-wide thumbnail, which a gallery page loads a dozen of on a phone, at effort 4 and quality 48: a quarter
 *   smaller than at effort 2 and quality 50 (6.2 to 4.6 KB on average over the bench photos), for 0.5 dB less PSNR;
 * - 640 and 960 wide at effort 2 (at 960, effort 1 saves 0.2 s of CPU but the file is a quarter larger, 30 KB
 *   instead of 24 KB over the bench photos, for 1 dB less PSNR; this is the size a phone's first screen loads);
 * - 1280 wide at effort 1: a quarter of effort 2's time, files 8% smaller for 0.4 dB less PSNR;
 * - 2048 wide at effort 0: a quarter of effort 2's time (0.6 s instead of 2.5 s of CPU), the file 2% smaller for
 *   0.26 dB less PSNR. Only large screens ask for it.
 * WebP at effort 2 rather than 4: half the time, 1% larger files, the same PSNR. JPEG, the fallback for browsers with
 * neither AVIF nor WebP and the sharing image, is libjpeg-turbo with mozjpeg's quantisation table, progressive and
 * with optimised Huffman coding but without trellis quantisation: a third of mozjpeg's time, 8% larger at equal PSNR.
 */
const AVIF_SETTINGS: Record<VariantName, { quality: number; effort: number }> = {
  w320: { quality: 48, effort: 4 },
  w640: { quality: 50, effort: 2 },
  w960: { quality: 50, effort: 2 },
  w1280: { quality: 50, effort: 1 },
  w2048: { quality: 50, effort: 0 },
};

function encode(pipeline: Sharp, format: VariantFormat, name: VariantName): Sharp {
  switch (format) {
    case "avif":
      return pipeline.avif({ ...AVIF_SETTINGS[name], chromaSubsampling: "4:2:0" });
    case "webp":
      return pipeline.webp({ quality: 75, effort: 2 });
    case "jpeg":
      // JPEG has no transparency: a transparent PNG gets a white background rather than black.
      return pipeline
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 75, progressive: true, optimiseCoding: true, quantisationTable: 3 });
  }
}

export type EncodedVariant = { variant: ImageVariant; data: Buffer };

/**
 * Resizes and encodes one variant from the master. sharp writes no metadata unless asked to, so the
 * output carries no EXIF, GPS, XMP or ICC profile; the pixels are already sRGB.
 */
export async function encodeVariant(master: Sharp, spec: VariantSpec): Promise<EncodedVariant> {
  const resized = master.resize(
    spec.height === undefined
      ? { width: spec.width, withoutEnlargement: true }
      : { width: spec.width, height: spec.height, fit: "fill", withoutEnlargement: true },
  );
  const { data, info } = await encode(resized, spec.format, spec.name).toBuffer({ resolveWithObject: true });
  const hash = createHash("sha256").update(data).digest("base64url").slice(0, 12);
  return {
    data,
    variant: { name: spec.name, format: spec.format, width: info.width, height: info.height, size: data.length, hash },
  };
}
