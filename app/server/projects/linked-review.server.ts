import type { PublicReview } from "~/lib/review-view";
import type { Db } from "../db/client.server";
import { listPublishedReviews } from "../db/reviews.server";
import { toPublicReview } from "../reviews/public-review.server";

/** How many of the newest published reviews the project editor offers to link. */
const PICKABLE_REVIEWS = 200;

/** The published reviews the owner may link to a project, newest first, as the editor's choices. */
export async function listLinkableReviews(db: Db): Promise<{ id: string; label: string }[]> {
  return (await listPublishedReviews(db, { limit: PICKABLE_REVIEWS })).map((review) => ({
    id: review.id,
    label: `${review.displayName}${review.town ? `, ${review.town}` : ""}: ${review.serviceName}, ${review.jobMonth} (${review.rating}★)`,
  }));
}

/** The linked review as visitors may see it: only while it is published (a held review shows nothing). */
export async function getLinkedReview(db: Db, reviewId: string | null): Promise<PublicReview | null> {
  if (!reviewId) return null;
  const review = (await listPublishedReviews(db, { limit: PICKABLE_REVIEWS })).find((candidate) => candidate.id === reviewId);
  return review ? toPublicReview(review) : null;
}
