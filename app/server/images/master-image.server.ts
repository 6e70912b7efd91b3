import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { rgbaToThumbHash } from "thumbhash";
import { VARIANT_WIDTHS } from "~/lib/image-variants";
import { DECODE_OPTIONS } from "./inspect-upload.server";

/**
 * The decoded picture every variant is made from: upright, sRGB, 8 bits, no metadata at all, and no wider
 * than the largest variant. Shrinking once at decode time keeps memory low (a 12 MP photo becomes about
 * 17 MB of pixels instead of 36 MB) and makes each variant's resize cheap.
 */
export type MasterImage = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

const MASTER_MAX_WIDTH = Math.max(...Object.values(VARIANT_WIDTHS));

/** Decodes an upload that inspectUpload accepted. Only the first frame of an animation is kept. */
export async function decodeMaster(file: string): Promise<MasterImage> {
  const { data, info } = await sharp(file, DECODE_OPTIONS)
    .autoOrient()
    .resize({ width: MASTER_MAX_WIDTH, withoutEnlargement: true })
    .toColourspace("srgb")
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
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

export async function writeMasterFile(master: MasterImage, file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  // Written under a temporary name, so a crash never leaves a half-written master that looks complete.
  const temp = `${file}.${process.pid}.tmp.v`;
  try {
    await openMaster(master).toFile(temp);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** A ~28-character thumbhash (base64) that pages turn into a blurred preview while the image loads. */
export async function createPlaceholder(source: MasterImage | string): Promise<string> {
  const { data, info } = await openMaster(source)
    .resize({ width: 100, height: 100, fit: "inside" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString("base64");
}
