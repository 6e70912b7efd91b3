import { rm } from "node:fs/promises";
import sharp from "sharp";
import type { Storage } from "../storage/storage.server";
import { DECODE_OPTIONS, ImageRejectedError, inspectUpload } from "./inspect-upload.server";

/** Twice the largest size the site shows a profile picture at, for sharp phone screens. */
export const AVATAR_SIZE = 256;

/**
 * A profile picture from an uploaded file: checked like a gallery upload, upright, cropped square around
 * its most interesting part, stripped of metadata and stored as profile-pics/{timestamp}.webp (the spec's
 * prefix). Returns the storage key. The file is consumed. Small enough to make while the member waits.
 */
export async function createAvatarFromUpload(storage: Storage, file: string, now = Date.now()): Promise<string> {
  try {
    await inspectUpload(file);
    const data = await sharp(file, DECODE_OPTIONS)
      .autoOrient()
      .resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: "cover", position: "attention" })
      .webp({ quality: 80 })
      .toBuffer()
      .catch(() => {
        throw new ImageRejectedError("The picture could not be read; it may be damaged. Please choose another.");
      });
    // Two pictures uploaded in the same millisecond must not overwrite each other.
    let stamp = now;
    while (await storage.exists(`profile-pics/${stamp}.webp`)) stamp++;
    const key = `profile-pics/${stamp}.webp`;
    await storage.put(key, data, { contentType: "image/webp" });
    return key;
  } finally {
    await rm(file, { force: true });
  }
}
