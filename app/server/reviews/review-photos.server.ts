import { type PhotoSize, customerPhotoKey } from "../enquiries/enquiry-photos.server";

/**
 * Review photos go through the quote form's pipeline (enquiry-photos.server.ts: checked, turned upright, re-encoded,
 * every bit of metadata, GPS included, left behind). They live under reviews/{reviewId}/ in the same storage and
 * are served only by routes/resources/review-photo.ts, only while the review is published (or to an admin).
 */

export function reviewPhotoKey(reviewId: string, photoId: string, size: PhotoSize): string {
  return customerPhotoKey("reviews", reviewId, photoId, size);
}

/** The address a photo is served at; it answers only while the review is published. */
export function reviewPhotoUrl(photoId: string, size: PhotoSize): string {
  return `/reviews/photos/${photoId}/${size}`;
}
