import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { pipeline as pipeStreams } from "node:stream/promises";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { rgbaToThumbHash } from "thumbhash";
import { VARIANT_WIDTHS } from "~/lib/image-variants";
import { runDecode } from "./decode-queue.server";
import { type InspectedImage, inspectUpload } from "./inspect-upload.server";
import { openUpright } from "./open-upload.server";
import type { Storage } from "../storage/storage-contract.server";

/**
 * The decoded picture every variant is made from: upright, sRGB, 8 bits, no metadata at all, and no wider
 * than the largest variant. Shrinking once at decode time keeps memory low (a 12 MP photo becomes about
 * 17 MB of pixels instead of 36 MB) and makes each variant's resize cheap.
 */
export type MasterImage = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

const MASTER_MAX_WIDTH = Math.max(...Object.values(VARIANT_WIDTHS));
/**
 * The master's size is capped by its area too, not only its width: a 1000x50000 strip would otherwise keep all
 * 50 megapixels (about 200 MB in memory) and make every variant from them. Six megapixels keeps a 3:4 portrait
 * photo at the full 2048 px width.
 */
export const MASTER_MAX_PIXELS = 6_000_000;

/** The master's width for an upright picture of this size: no wider than the largest variant, no larger than the pixel cap. */
export function getMasterWidth(width: number, height: number): number {
  return Math.max(1, Math.min(width, MASTER_MAX_WIDTH, Math.floor(Math.sqrt((MASTER_MAX_PIXELS * width) / height))));
}

/**
 * Formats whose decoder can shrink while it reads, at 1/2, 1/4 or 1/8 scale (libjpeg's scaled DCT, libwebp's
 * scaled decode). sharp does this by itself when a resize of a file shrinks it enough: a 12 MP JPEG decoded
 * straight to 640 px wide costs about a sixth of a full decode. Their uploads get their first variants that way.
 */
export function canDecodeSmall(format: InspectedImage["format"]): boolean {
  return format === "jpeg" || format === "webp";
}

export type DecodeOptions = {
  /** Narrower than the master: for the first variants only (with shrink-on-load for canDecodeSmall formats). */
  maxWidth?: number;
  /** Waits its turn in the decode queue instead of being refused when the line is full (the background work). */
  background?: boolean;
};

/** A sharp pipeline decoding an upload to its master's size (or to maxWidth): upright, sRGB. */
async function openDecoded(file: string, inspected: InspectedImage, maxWidth = Number.POSITIVE_INFINITY): Promise<Sharp> {
  const width = Math.min(getMasterWidth(inspected.width, inspected.height), maxWidth);
  return (await openUpright(file, inspected)).resize({ width, withoutEnlargement: true }).toColourspace("srgb");
}

/** Decodes an upload as inspectUpload described it (inspecting it first if not). Only the first frame of an animation is kept. */
export async function decodeMaster(file: string, described?: InspectedImage, options: DecodeOptions = {}): Promise<MasterImage> {
  const inspected = described ?? (await inspectUpload(file));
  return runDecode(async () => {
    const { data, info } = await (await openDecoded(file, inspected, options.maxWidth))
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  }, options);
}

/** A sharp pipeline reading the master, from memory or from its job file. */
export function openMaster(source: MasterImage | string): Sharp {
  if (typeof source === "string") return sharp(source);
  return sharp(source.data, { raw: { width: source.width, height: source.height, channels: source.channels } });
}

/** DATA_DIR/image-jobs: master files of images whose variants are not all made yet. */
export function getJobDirectoryIn(dataDir: string): string {
  return path.join(dataDir, "image-jobs");
}

/** A finished master file's name (temporary ones, still being written, end in .tmp.v). */
export function isMasterFileName(name: string): boolean {
  return name.endsWith(".v") && !name.endsWith(".tmp.v");
}

/**
 * Where the background work finds the master after the upload itself is gone: libvips' own format,
 * which it maps from disk instead of decoding, so resuming costs no JPEG decode and no memory.
 */
export function getMasterFile(jobDirectory: string, imageId: string): string {
  return path.join(jobDirectory, `${imageId}.v`);
}

/**
 * masters/{imageId}.v in the shared storage: a copy of the master, so that whichever server instance claims the
 * image can finish it, also when the instance that took the upload is gone. Deleted with the local file.
 */
export function getMasterKey(imageId: string): string {
  return `masters/${imageId}.v`;
}

/** Puts the local master file where every instance can reach it. */
export async function shareMasterFile(storage: Storage, file: string, imageId: string): Promise<void> {
  await storage.put(getMasterKey(imageId), createReadStream(file), { contentType: "application/octet-stream" });
}

/** Brings the shared master to this instance's job folder; false when there is none. */
export async function fetchSharedMaster(storage: Storage, imageId: string, file: string): Promise<boolean> {
  const object = await storage.get(getMasterKey(imageId));
  if (!object) return false;
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp.v`;
  try {
    await pipeStreams(object.body, createWriteStream(temp));
    await rename(temp, file);
    return true;
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * The upload itself, kept in the job folder when the first variants were made from a shrunken decode
 * (canDecodeSmall) until the master is made from it (kept-upload.server). It still carries the photo's metadata
 * (GPS and all), so it stays on this machine's disk and is never copied to the storage or into a backup.
 */
export function getKeptUploadFile(jobDirectory: string, imageId: string): string {
  return path.join(jobDirectory, `${imageId}.upload`);
}

/** Removes both copies of an image's master, and its kept upload: once it is finished, failed for good, or deleted. */
export async function deleteMaster(storage: Storage, jobDirectory: string, imageId: string): Promise<void> {
  await rm(getKeptUploadFile(jobDirectory, imageId), { force: true });
  await rm(getMasterFile(jobDirectory, imageId), { force: true });
  await storage.delete(getMasterKey(imageId));
}

/**
 * Writes a master file, through the decode queue like every sharp job; it waits its turn rather than being refused
 * when the line is full (the picture is already decoded, or this is the background work).
 */
async function writeMasterFrom(open: () => Promise<Sharp>, file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  // Written under a temporary name, so a crash never leaves a half-written master that looks complete.
  const temp = `${file}.${process.pid}.tmp.v`;
  try {
    await runDecode(async () => (await open()).toFile(temp), { background: true });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

export async function writeMasterFile(master: MasterImage, file: string): Promise<void> {
  await writeMasterFrom(async () => openMaster(master), file);
}

/** Decodes an upload straight into its master file: the pixels never pass through JavaScript's memory. */
export async function decodeMasterToFile(upload: string, inspected: InspectedImage, file: string): Promise<void> {
  await writeMasterFrom(() => openDecoded(upload, inspected), file);
}

/** A ~28-character thumbhash (base64) that pages turn into a blurred preview while the image loads. */
export async function createPlaceholder(source: MasterImage | string): Promise<string> {
  const { data, info } = await runDecode(() =>
    openMaster(source).resize({ width: 100, height: 100, fit: "inside" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
  );
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString("base64");
}
