import { Link } from "react-router";
import { RATING_LABELS, formatJobMonth, starText } from "~/lib/reviews";
import type { PublicReview } from "~/lib/review-view";

/** A review in brief, for the home page and a service's section: no photos (and no lightbox script), a link to all. */
export function ReviewQuote({ review }: { review: PublicReview }) {
  const who = review.town ? `${review.displayName}, ${review.town}` : review.displayName;
  return (
    <figure className="review-quote mb-3" data-testid="review-quote">
      <blockquote className="mb-1">
        <p className="mb-1">
          <span className="text-warning" aria-hidden="true">
            {starText(review.rating)}
          </span>
          <span className="visually-hidden">{RATING_LABELS[review.rating - 1]} out of 5.</span>
        </p>
        <p className="review-body mb-1">{review.body}</p>
      </blockquote>
      <figcaption className="small text-body-secondary">
        {who} · {review.verified ? "Verified job" : `Added by the owner, from ${review.source}`} · {review.serviceName}, {formatJobMonth(review.jobMonth)}
        {review.reply ? (
          <>
            {" "}
            · <Link to="/reviews">with a reply</Link>
          </>
        ) : null}
      </figcaption>
    </figure>
  );
}
