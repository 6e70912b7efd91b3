import type { PublicReview } from "~/lib/review-view";
import type { ReviewWithPhotos } from "../db/reviews.server";
import { getPublishedContent } from "../content/site-content.server";
import { reviewPhotoUrl } from "./review-photos.server";

/** What a page may show of a review: the customer's words and chosen name, the owner's reply; no ids of requests or enquiries. */
export function toPublicReview(review: ReviewWithPhotos): PublicReview {
  return {
    id: review.id,
    rating: review.rating,
    body: review.body,
    displayName: review.displayName,
    town: review.town,
    serviceName: review.serviceName,
    jobMonth: review.jobMonth,
    verified: review.verified,
    source: review.verified ? null : review.source,
    reply: review.reply,
    createdAt: review.createdAt,
    photos: review.photos.map((p) => ({ id: p.id, thumb: reviewPhotoUrl(p.id, "thumb"), full: reviewPhotoUrl(p.id, "full"), width: p.width, height: p.height })),
  };
}

/** The name over the owner's replies: the business's (the owner's when the business has none configured). */
export function replyAuthor(): string {
  const { business } = getPublishedContent();
  return business.name || business.owner;
}

/**
 * The owner's Google review link, when one is set. Read defensively: the content editor's business details gain a
 * `googleReviewLink` in another branch; until then the configuration has none and the thank-you page offers none.
 */
export function getGoogleReviewLink(): string | null {
  const business = getPublishedContent().business as Record<string, unknown>;
  const link = business.googleReviewLink;
  if (typeof link !== "string") return null;
  try {
    const url = new URL(link);
    return url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
