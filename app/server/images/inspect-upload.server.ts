import { readFile, stat } from "node:fs/promises";
import sharp, { type Metadata } from "sharp";
import { DecodeQueueFullError, runDecode } from "./decode-queue.server";
import { HeifContainerError, readHeifPrimary, uprightHeifSize } from "./heif-container.server";
import { SNIFF_BYTES, sniffFormat } from "./sniff-format.server";

/** Larger files are refused before they are decoded: no phone photo needs more. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** sharp refuses to decode more pixels than this, which stops decompression bombs (a small file that inflates to gigabytes). */
const MAX_INPUT_PIXELS = 50_000_000;

export type AcceptedFormat = "jpeg" | "png" | "webp" | "gif" | "avif" | "heic";

export type InspectedImage = {
  format: AcceptedFormat;
  /** Upright size, after the EXIF orientation is applied. */
  width: number;
  height: number;
};

/** A file that is not an image we accept; the message is written for the admin who uploaded it. */
export class ImageRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImageRejectedError";
  }
}

/** For a file that passed the checks but failed to decode (cut short, or corrupt inside). */
export const DAMAGED_IMAGE = "The image could not be read; it may be damaged. Please export it again and upload the copy.";

const NOT_AN_IMAGE =
  "This file is not a picture the site can use. Please choose a JPEG, PNG, WebP, AVIF, HEIC or GIF image.";

const TOO_MANY_PIXELS = `The image has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels. Please upload a smaller version.`;

/** sharp's name for each format libvips decodes; AVIF is decoded by the HEIF loader, HEIC by libheif-js instead. */
const SHARP_FORMAT: Record<Exclude<AcceptedFormat, "heic">, string> = { jpeg: "jpeg", png: "png", webp: "webp", gif: "gif", avif: "heif" };

/** Options for every sharp decoder that reads an upload. */
export const DECODE_OPTIONS = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" } as const;

/**
 * Markup that a browser or a server would act on, found anywhere in the file: a picture that also parses as a web
 * page or a script (a polyglot) is refused even though it would decode, since it can only have been made on purpose.
 */
const HIDDEN_MARKUP = /<(script|html|body|iframe|svg|object|embed)[\s>/]|<\?php|<!doctype/i;

/**
 * Checks an uploaded picture (a file on disk, or bytes in memory) before anything is stored: its size, its real
 * format by magic numbers, markup hidden in it, then its header through sharp, which enforces the pixel limit
 * from the header alone, before inflating anything. Throws ImageRejectedError with a message for the person who
 * sent it.
 */
export async function inspectUpload(input: string | Buffer, maxBytes = MAX_UPLOAD_BYTES): Promise<InspectedImage> {
  const bytes = typeof input === "string" ? await readBounded(input, maxBytes) : input;
  if (bytes.length === 0) throw new ImageRejectedError("The file is empty. Please choose the image again.");
  if (bytes.length > maxBytes) {
    throw new ImageRejectedError(`The file is larger than ${maxBytes / 1024 / 1024} MB. Please choose a smaller image.`);
  }

  const sniffed = sniffFormat(bytes.subarray(0, SNIFF_BYTES));
  if (sniffed === "svg") throw new ImageRejectedError(`SVG drawings are not accepted. ${NOT_AN_IMAGE}`);
  if (sniffed === "unknown") throw new ImageRejectedError(NOT_AN_IMAGE);
  if (HIDDEN_MARKUP.test(bytes.toString("latin1"))) {
    throw new ImageRejectedError(
      "This picture has web page code hidden inside it, so it was not accepted. Please save the photo again as a new JPEG and upload that.",
    );
  }

  const heif = sniffed === "heic" ? inspectHeif(bytes) : null;
  if (heif) return heif;
  const format = sniffed === "heic" ? "avif" : sniffed;

  let metadata: Metadata;
  try {
    metadata = await runDecode(() => sharp(bytes, DECODE_OPTIONS).metadata());
  } catch (error) {
    if (error instanceof DecodeQueueFullError) throw error;
    if (/pixel limit/i.test((error as Error).message)) throw new ImageRejectedError(TOO_MANY_PIXELS);
    throw new ImageRejectedError(`The image could not be read; it may be damaged. ${NOT_AN_IMAGE}`);
  }
  // The HEIF loader also opens HEVC when an AVIF brand fooled the sniffing; only AV1 inside is AVIF.
  if (metadata.format === "heif" && metadata.compression !== "av1") throw new ImageRejectedError(NOT_AN_IMAGE);
  if (metadata.format !== SHARP_FORMAT[format] || !metadata.width || !metadata.height) {
    throw new ImageRejectedError(NOT_AN_IMAGE);
  }
  const upright = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
  return { format, width: upright.width, height: upright.height };
}

/**
 * HEIC and HEIF with HEVC inside (iPhones' photos): the codec and the declared size come from the container's
 * boxes (readHeifPrimary), and the pixel limit is applied to them, before the decoder (libheif) sees a byte. The
 * picture is then decoded once, when it is used (openUpright), not here. An HEIF whose picture is AV1 is an AVIF
 * under another brand and goes the AVIF way, through libvips.
 */
function inspectHeif(bytes: Buffer): InspectedImage | null {
  let primary;
  try {
    primary = readHeifPrimary(bytes);
  } catch (error) {
    if (error instanceof HeifContainerError) throw new ImageRejectedError(DAMAGED_IMAGE);
    throw error;
  }
  if (primary.codec === "av01") return null;
  if (primary.codec !== "hvc1") throw new ImageRejectedError(NOT_AN_IMAGE);
  // The tiles of a grid cover a little more than the picture (they are cut at its edges): allowed a quarter more.
  if (primary.width * primary.height > MAX_INPUT_PIXELS || primary.decodedPixels > MAX_INPUT_PIXELS * 1.25) {
    throw new ImageRejectedError(TOO_MANY_PIXELS);
  }
  return { format: "heic", ...uprightHeifSize(primary) };
}

/** The whole file, or a stand-in of maxBytes + 1 bytes when it is larger (enough to refuse it, without reading it). */
async function readBounded(file: string, maxBytes: number): Promise<Buffer> {
  if ((await stat(file)).size > maxBytes) return Buffer.alloc(maxBytes + 1);
  return readFile(file);
}
