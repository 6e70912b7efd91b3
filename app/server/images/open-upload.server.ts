import { readFile } from "node:fs/promises";
import sharp, { type Sharp } from "sharp";
import { decodeHeif } from "./heif-decoder.server";
import { DECODE_OPTIONS, type InspectedImage } from "./inspect-upload.server";

/**
 * A sharp pipeline over an upload that inspectUpload accepted, already upright. Most formats are decoded by
 * libvips, turned by their EXIF orientation; HEIC is decoded by libheif on a worker thread (sharp's prebuilt
 * libvips has no HEVC decoder) and turned by its own irot and imir boxes, while any EXIF orientation inside it is
 * ignored, as the HEIF standard says. Either way no metadata comes along: the pipeline starts from pixels, or
 * sharp writes none unless asked. Call it inside the decode queue (runDecode): the HEIC decode is the heavy part.
 */
export async function openUpright(input: string | Buffer, inspected: InspectedImage): Promise<Sharp> {
  if (inspected.format !== "heic") return sharp(input, DECODE_OPTIONS).autoOrient();
  const bytes = typeof input === "string" ? await readFile(input) : input;
  const decoded = await decodeHeif(bytes);
  return sharp(decoded.data, { raw: { width: decoded.width, height: decoded.height, channels: decoded.channels } });
}
