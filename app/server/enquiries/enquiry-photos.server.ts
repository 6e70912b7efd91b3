import sharp from "sharp";
import { runDecode } from "../images/decode-queue.server";
import { inspectUpload } from "../images/inspect-upload.server";
import { openUpright } from "../images/open-upload.server";
import type { Storage } from "../storage/storage-contract.server";

/**
 * Customers' photos: checked exactly as gallery uploads are (magic numbers, size, pixel limit; HEIC decoded as in the gallery),
 * then decoded once, turned upright, shrunk to at most 2048 px and re-encoded as JPEG, which leaves every EXIF tag
 * (GPS included), XMP and ICC profile behind. A 480 px WebP serves the inbox's thumbnails. They live under
 * enquiries/{enquiryId}/ and are only ever served to admins.
 */

const MAX_SIDE = 2048;
const THUMB_SIDE = 480;
export type ProcessedPhoto = { jpeg: Buffer; thumb: Buffer; width: number; height: number };

/**
 * Every decode of an enquiry photo goes through here, and through the process's one decode queue (inspectUpload
 * queues its own header read, so the two steps take separate turns and never wait on each other). Throws
 * ImageRejectedError with a message for the customer, DecodeQueueFullError when the server is too busy.
 */
export async function processEnquiryPhoto(file: string): Promise<ProcessedPhoto> {
  const inspected = await inspectUpload(file);
  return runDecode(async () => {
    const { data: jpeg, info } = await (await openUpright(file, inspected))
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(jpeg).resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: "inside", withoutEnlargement: true }).webp({ quality: 72 }).toBuffer();
    return { jpeg, thumb, width: info.width, height: info.height };
  });
}

export type PhotoSize = "full" | "thumb";

/** Customers' photos are kept per enquiry or per review, in a folder of their own: {folder}/{ownerId}/. */
export type CustomerPhotoFolder = "enquiries" | "reviews";

export function customerPhotoKey(folder: CustomerPhotoFolder, ownerId: string, photoId: string, size: PhotoSize): string {
  return size === "full" ? `${folder}/${ownerId}/${photoId}.jpg` : `${folder}/${ownerId}/${photoId}-thumb.webp`;
}

export function enquiryPhotoKey(enquiryId: string, photoId: string, size: PhotoSize): string {
  return customerPhotoKey("enquiries", enquiryId, photoId, size);
}

export async function storeCustomerPhoto(storage: Storage, folder: CustomerPhotoFolder, ownerId: string, photoId: string, photo: ProcessedPhoto): Promise<void> {
  await storage.put(customerPhotoKey(folder, ownerId, photoId, "full"), photo.jpeg, { contentType: "image/jpeg" });
  await storage.put(customerPhotoKey(folder, ownerId, photoId, "thumb"), photo.thumb, { contentType: "image/webp" });
}

/** Removes every stored photo of an enquiry or a review (after its row is gone, or when saving it failed). */
export async function deleteCustomerPhotos(storage: Storage, folder: CustomerPhotoFolder, ownerId: string): Promise<void> {
  const keys: string[] = [];
  for await (const key of storage.list(`${folder}/${ownerId}/`)) keys.push(key);
  for (const key of keys) await storage.delete(key);
}
