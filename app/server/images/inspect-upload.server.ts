import { open } from "node:fs/promises";
import sharp, { type Metadata } from "sharp";
import { SNIFF_BYTES, sniffFormat } from "./sniff-format.server";

/** Larger files are refused before they are decoded: no phone photo needs more. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** sharp refuses to decode more pixels than this, which stops decompression bombs (a small file that inflates to gigabytes). */
const MAX_INPUT_PIXELS = 50_000_000;

export type AcceptedFormat = "jpeg" | "png" | "webp" | "gif" | "avif";

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

const NOT_AN_IMAGE =
  "This file is not a picture the site can use. Please choose a JPEG, PNG, WebP, AVIF or GIF image.";

/** sharp's name for each accepted format; AVIF is decoded by the HEIF loader. */
const SHARP_FORMAT: Record<AcceptedFormat, string> = { jpeg: "jpeg", png: "png", webp: "webp", gif: "gif", avif: "heif" };

/** Options for every sharp decoder that reads an upload. */
export const DECODE_OPTIONS = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" } as const;

async function readHead(file: string): Promise<{ head: Uint8Array; size: number }> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.min(SNIFF_BYTES, size));
    await handle.read(buffer, 0, buffer.length, 0);
    return { head: buffer, size };
  } finally {
    await handle.close();
  }
}

/**
 * Checks an uploaded file before anything is stored: its size, its real format by magic numbers, then its
 * header through sharp, which enforces the pixel limit from the header alone, before inflating anything.
 * Throws ImageRejectedError with a message for the admin.
 */
export async function inspectUpload(file: string): Promise<InspectedImage> {
  const { head, size } = await readHead(file);
  if (size === 0) throw new ImageRejectedError("The file is empty. Please choose the image again.");
  if (size > MAX_UPLOAD_BYTES) {
    throw new ImageRejectedError(`The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Please choose a smaller image.`);
  }

  const sniffed = sniffFormat(head);
  if (sniffed === "heic") {
    throw new ImageRejectedError(
      "HEIC photos (the iPhone default) cannot be read here. Please export the photo as JPEG and upload that instead.",
    );
  }
  if (sniffed === "svg") throw new ImageRejectedError(`SVG drawings are not accepted. ${NOT_AN_IMAGE}`);
  if (sniffed === "unknown") throw new ImageRejectedError(NOT_AN_IMAGE);

  let metadata: Metadata;
  try {
    metadata = await sharp(file, DECODE_OPTIONS).metadata();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) {
      throw new ImageRejectedError(
        `The image has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels. Please upload a smaller version.`,
      );
    }
    throw new ImageRejectedError(`The image could not be read; it may be damaged. ${NOT_AN_IMAGE}`);
  }
  // The HEIF loader also opens HEIC when its brands fooled the sniffing; only AV1 inside is AVIF.
  if (metadata.format === "heif" && metadata.compression !== "av1") {
    throw new ImageRejectedError("HEIC photos cannot be read here. Please export the photo as JPEG and upload that instead.");
  }
  if (metadata.format !== SHARP_FORMAT[sniffed] || !metadata.width || !metadata.height) {
    throw new ImageRejectedError(NOT_AN_IMAGE);
  }
  const upright = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
  return { format: sniffed, width: upright.width, height: upright.height };
}
