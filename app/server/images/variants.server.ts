import { createHash } from "node:crypto";
import type { Sharp } from "sharp";
import {
  type ImageVariant,
  type VariantFormat,
  type VariantName,
  planVariantWidths,
} from "~/lib/image-variants";

export type VariantSpec = { name: VariantName; format: VariantFormat; width: number };

/**
 * Made while the admin waits, so the image shows in the gallery at once: WebP at the two widths a gallery grid
 * draws and a JPEG for browsers without WebP. The 1280-wide WebP is made first thing afterwards: on the 12 MP
 * bench photo it cost about 0.22 s of CPU, close to half the time the admin waited beyond the decode itself
 * (docs/performance.md, "Images"), and until it lands a large screen draws the 640-wide one for a few seconds.
 */
const FIRST: ReadonlyArray<readonly [VariantName, VariantFormat]> = [
  ["w640", "webp"],
  ["w640", "jpeg"],
  ["w320", "webp"],
];

/**
 * Made afterwards in the background, one at a time to keep memory low, in the order pages benefit most: the
 * large WebP, AVIF (the smallest files, but the slowest encoder by far), then the remaining fallbacks and the largest sizes.
 */
const LATER: ReadonlyArray<readonly [VariantName, VariantFormat]> = [
  ["w1280", "webp"],
  ["w320", "avif"],
  ["w640", "avif"],
  ["w1280", "avif"],
  ["w2048", "webp"],
  ["w2048", "avif"],
  ["w320", "jpeg"],
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

/** The planned variants not stored yet, in the order they should be made. */
export function listPendingVariants(originalWidth: number, stored: ImageVariant[]): VariantSpec[] {
  const { first, later } = planVariants(originalWidth);
  const done = new Set(stored.map((v) => `${v.name}.${v.format}`));
  return [...first, ...later].filter((spec) => !done.has(`${spec.name}.${spec.format}`));
}

/**
 * Encoder settings. AVIF at effort 2 with 4:2:0 chroma: on the 12 MP bench photo, sharp's defaults (effort 4,
 * full-resolution 4:4:4 chroma) took about four times as long and pushed peak memory near 400 MB; effort 3 took
 * twice as long, for AVIF files only 10-20% smaller. The 320-wide thumbnail, which a gallery page loads a dozen of
 * on a phone, is the exception. At that size effort 4 costs about 0.15 s more per photo, and with quality 48 the file
 * is a quarter smaller than at effort 2 and quality 50 (6.2 to 4.6 KB on average over the bench photos), for
 * 0.5 dB less PSNR against the resized original (34.5 to 34.0). A thumbnail is drawn about 180 px wide.
 */
const THUMBNAIL_AVIF = { quality: 48, effort: 4 } as const;

function encode(pipeline: Sharp, format: VariantFormat, name: VariantName): Sharp {
  switch (format) {
    case "avif":
      return pipeline.avif({ ...(name === "w320" ? THUMBNAIL_AVIF : { quality: 50, effort: 2 }), chromaSubsampling: "4:2:0" });
    case "webp":
      return pipeline.webp({ quality: 75, effort: 4 });
    case "jpeg":
      // JPEG has no transparency: a transparent PNG gets a white background rather than black.
      return pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: 78, mozjpeg: true });
  }
}

export type EncodedVariant = { variant: ImageVariant; data: Buffer };

/**
 * Resizes and encodes one variant from the master. sharp writes no metadata unless asked to, so the
 * output carries no EXIF, GPS, XMP or ICC profile; the pixels are already sRGB.
 */
export async function encodeVariant(master: Sharp, spec: VariantSpec): Promise<EncodedVariant> {
  const resized = master.resize({ width: spec.width, withoutEnlargement: true });
  const { data, info } = await encode(resized, spec.format, spec.name).toBuffer({ resolveWithObject: true });
  const hash = createHash("sha256").update(data).digest("base64url").slice(0, 12);
  return {
    data,
    variant: { name: spec.name, format: spec.format, width: info.width, height: info.height, size: data.length, hash },
  };
}
