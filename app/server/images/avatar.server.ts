import { randomBytes } from "node:crypto";
import type { Storage } from "../storage/storage-contract.server";
import { DecodeQueueFullError, runDecode } from "./decode-queue.server";
import { DAMAGED_IMAGE, ImageRejectedError, inspectUpload } from "./inspect-upload.server";
import { openUpright } from "./open-upload.server";

export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
const AVATAR_SIZE = 256;

/** A picture refused, with the message for the member and the HTTP status (400, or 503 when the server is busy). */
export class AvatarError extends Error {
  readonly status: number;
  constructor(message: string, status = 400) {
    super(message);
    this.status = status;
  }
}

/**
 * Turns an uploaded picture into a 256 px square WebP with no metadata (sharp writes none unless asked),
 * rotated upright first, and stores it under profile-pics/. The bytes go through the gallery's checks first
 * (magic numbers against the same allow-list, hidden markup, the pixel limit), so no other decoder libvips has
 * (SVG, TIFF, PDF...) ever sees a member's file, and through the process's decode queue. Returns the storage key.
 */
export async function storeAvatar(storage: Storage, bytes: Buffer, now = Date.now()): Promise<string> {
  if (bytes.length === 0) throw new AvatarError("Please choose an image file");
  if (bytes.length > AVATAR_MAX_BYTES) throw new AvatarError("That picture is larger than 10 MB; please choose a smaller one");
  let output: Buffer;
  try {
    const inspected = await inspectUpload(bytes, AVATAR_MAX_BYTES);
    output = await runDecode(async () =>
      (await openUpright(bytes, inspected))
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" })
        .webp({ quality: 80 })
        .toBuffer(),
    );
  } catch (error) {
    if (error instanceof DecodeQueueFullError) throw new AvatarError(error.message, 503);
    if (error instanceof ImageRejectedError) throw new AvatarError(error.message);
    throw new AvatarError(DAMAGED_IMAGE);
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
