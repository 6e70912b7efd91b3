import type { Storage } from "../storage/storage-contract.server";
import type { PhotoSize, ProcessedPhoto } from "../enquiries/enquiry-photos.server";

/**
 * Review photos go through the quote form's pipeline (processEnquiryPhoto: checked, turned upright, re-encoded,
 * every bit of metadata, GPS included, left behind). They live under reviews/{reviewId}/ in the same storage and
 * are served only by routes/resources/review-photo.ts, only while the review is published (or to an admin).
 */

export function reviewPhotoKey(reviewId: string, photoId: string, size: PhotoSize): string {
  return size === "full" ? `reviews/${reviewId}/${photoId}.jpg` : `reviews/${reviewId}/${photoId}-thumb.webp`;
}

export async function storeReviewPhoto(storage: Storage, reviewId: string, photoId: string, photo: ProcessedPhoto): Promise<void> {
  await storage.put(reviewPhotoKey(reviewId, photoId, "full"), photo.jpeg, { contentType: "image/jpeg" });
  await storage.put(reviewPhotoKey(reviewId, photoId, "thumb"), photo.thumb, { contentType: "image/webp" });
}

export async function deleteReviewFiles(storage: Storage, reviewId: string): Promise<void> {
  const keys: string[] = [];
  for await (const key of storage.list(`reviews/${reviewId}/`)) keys.push(key);
  for (const key of keys) await storage.delete(key);
}

/** The address a photo is served at; it answers only while the review is published. */
export function reviewPhotoUrl(photoId: string, size: PhotoSize): string {
  return `/reviews/photos/${photoId}/${size}`;
}
