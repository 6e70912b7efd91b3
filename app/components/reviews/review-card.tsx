import { RATING_LABELS, formatJobMonth, starText } from "~/lib/reviews";
import type { PublicReview } from "~/lib/review-view";
import { ReviewPhotos } from "./review-photos";

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/**
 * One review as visitors see it: the stars, the customer's words as typed (React renders them as text, never as
 * HTML), who and where, where it came from, the photos and the owner's reply.
 */
export function ReviewCard({ review, replyFrom, headingLevel = 3, showPhotos = true }: { review: PublicReview; replyFrom: string; headingLevel?: 2 | 3; showPhotos?: boolean }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const who = review.town ? `${review.displayName}, ${review.town}` : review.displayName;
  return (
    <article className="review card mb-3" aria-label={`Review by ${review.displayName}`} data-testid="review">
      <div className="card-body">
        <Heading className="h5 mb-1">
          <span className="review-stars text-warning" aria-hidden="true">
            {starText(review.rating)}
          </span>{" "}
          <span className="visually-hidden">{RATING_LABELS[review.rating - 1]} out of 5: </span>
          {who}
        </Heading>
        <p className="small text-body-secondary mb-2">
          {review.verified ? (
            <span className="fw-semibold text-success me-2">Verified job</span>
          ) : (
            <span className="me-2">Added by the owner, from {review.source}</span>
          )}
          {review.serviceName}, {formatJobMonth(review.jobMonth)} · written <time dateTime={review.createdAt}>{dateFormat.format(new Date(review.createdAt))}</time>
        </p>
        <p className="review-body mb-2">{review.body}</p>
        {showPhotos ? <ReviewPhotos photos={review.photos} name={review.displayName} /> : null}
        {review.reply ? (
          <section className="review-reply border-start border-3 ps-3 mt-3" aria-label={`Reply from ${replyFrom}`}>
            <h4 className="h6 mb-1">Reply from {replyFrom}</h4>
            <p className="review-body mb-0">{review.reply}</p>
          </section>
        ) : null}
      </div>
    </article>
  );
}
