import { Badge } from "react-bootstrap";
import { Form } from "react-router";
import { HOLD_REASONS, HOLD_REASON_IDS, type HoldReason, RATING_LABELS, REVIEW_LIMITS, formatJobMonth, starText } from "~/lib/reviews";
import type { PublicReview } from "~/lib/review-view";
import { ReviewPhotos } from "./review-photos";

/** The admin sees every review, with its state: held ones with the reason from the policy. */
export type AdminReview = PublicReview & { status: string; holdReason: HoldReason | null };

/**
 * One review on the admin's reviews page, held or published: what visitors see of it, its state, the button that
 * publishes a held review or the reasons from the policy to hold a published one, and the owner's public reply.
 */
export function AdminReviewCard({ review: r, replyFrom }: { review: AdminReview; replyFrom: string }) {
  return (
    <article className="card mb-3" aria-label={`Review by ${r.displayName}`} data-testid="admin-review">
      <div className="card-body">
        <h3 className="h6">
          <span aria-hidden="true">{starText(r.rating)}</span> <span className="visually-hidden">{RATING_LABELS[r.rating - 1]}: </span>
          {r.displayName}
          {r.town ? `, ${r.town}` : ""}{" "}
          {r.status === "held" ? <Badge bg="" className="text-bg-warning">held: {r.holdReason ? HOLD_REASONS[r.holdReason] : ""}</Badge> : <Badge bg="success">published</Badge>}
        </h3>
        <p className="small text-body-secondary">
          {r.verified ? "Verified job" : `Added by the owner, from ${r.source}`} · {r.serviceName}, {formatJobMonth(r.jobMonth)}
        </p>
        <p className="review-body">{r.body}</p>
        <ReviewPhotos photos={r.photos} name={r.displayName} />
        <div className="d-flex flex-wrap gap-3 align-items-end">{r.status === "held" ? <PublishForm reviewId={r.id} /> : <HoldForm reviewId={r.id} />}</div>
        <Form method="post" className="mt-3" key={`${r.id}-${r.reply ?? ""}`}>
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="reviewId" value={r.id} />
          <label className="form-label small" htmlFor={`reply-${r.id}`}>
            Public reply from {replyFrom} {r.reply ? "(edit it, or empty it to remove it)" : "(one per review)"}
          </label>
          <textarea id={`reply-${r.id}`} name="reply" rows={2} maxLength={REVIEW_LIMITS.reply} defaultValue={r.reply ?? ""} className="form-control form-control-sm" />
          <button type="submit" className="btn btn-outline-primary btn-sm mt-1">
            Reply
          </button>
        </Form>
      </div>
    </article>
  );
}

function PublishForm({ reviewId }: { reviewId: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="publish" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <button type="submit" className="btn btn-outline-success btn-sm">
        Publish
      </button>
    </Form>
  );
}

function HoldForm({ reviewId }: { reviewId: string }) {
  return (
    <Form method="post" className="d-flex gap-2 align-items-end">
      <input type="hidden" name="intent" value="hold" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <div>
        <label className="form-label small mb-0" htmlFor={`hold-${reviewId}`}>
          Reason to hold
        </label>
        <select id={`hold-${reviewId}`} name="reason" className="form-select form-select-sm" required defaultValue="">
          <option value="" disabled>
            Only a reason from the policy…
          </option>
          {HOLD_REASON_IDS.map((id) => (
            <option key={id} value={id}>
              {HOLD_REASONS[id]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-outline-warning btn-sm">
        Hold
      </button>
    </Form>
  );
}
