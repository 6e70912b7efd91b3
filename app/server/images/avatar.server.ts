import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { Storage } from "../storage/storage.server";

export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
const AVATAR_SIZE = 256;
const MAX_PIXELS = 50_000_000;

export class AvatarError extends Error {}

/**
 * Turns an uploaded picture into a 256 px square WebP with no metadata (sharp writes none unless asked),
 * rotated upright first, and stores it under profile-pics/. Returns the storage key.
 */
export async function storeAvatar(storage: Storage, bytes: Buffer, now = Date.now()): Promise<string> {
  if (bytes.length === 0) throw new AvatarError("Please choose an image file");
  if (bytes.length > AVATAR_MAX_BYTES) throw new AvatarError("That picture is larger than 10 MB; please choose a smaller one");
  let output: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" });
    const { format } = await image.metadata();
    if (!format || !["jpeg", "png", "webp", "avif", "gif", "heif"].includes(format)) throw new Error(`format ${format}`);
    output = await image
      .autoOrient()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new AvatarError("That file is not a picture we can read. Please choose a JPEG, PNG, WebP, AVIF or GIF image (export HEIC photos as JPEG)");
  }
  const key = `profile-pics/${now}-${randomBytes(4).toString("hex")}.webp`;
  await storage.put(key, output, { contentType: "image/webp" });
  return key;
}

/** The public address of a stored avatar, and back. */
export function avatarUrl(key: string): string {
  return `/avatars/${key.slice("profile-pics/".length)}`;
}

export function avatarKeyFromUrl(url: string | null | undefined): string | null {
  const match = /^\/avatars\/([A-Za-z0-9_-]+\.webp)$/.exec(url ?? "");
  return match ? `profile-pics/${match[1]}` : null;
}
