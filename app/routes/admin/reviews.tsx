import { Badge } from "react-bootstrap";
import { Form, data } from "react-router";
import { ReviewLinkShare } from "~/components/reviews/review-link-share";
import { ReviewPhotos } from "~/components/reviews/review-photos";
import { OTHER_SERVICE, OTHER_SERVICE_NAME } from "~/lib/enquiry-form";
import { HOLD_REASONS, HOLD_REASON_IDS, type HoldReason, RATING_LABELS, REVIEW_LIMITS, formatAverage, formatJobMonth, starText } from "~/lib/reviews";
import { ManageReviewSchema } from "~/lib/schemas/review";
import { requireAdmin, requireAdminPage } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/client.server";
import { countReviewsByStatus, getReviewStats, listAllReviews } from "~/server/db/reviews.server";
import { getEnv } from "~/server/env.server";
import { manageReview } from "~/server/reviews/manage-reviews.server";
import { replyAuthor, toPublicReview } from "~/server/reviews/public-review.server";
import { listReviewRequests } from "~/server/reviews/review-requests.server";
import { getPublishedContent } from "~/server/content/site-content.server";
import { FormAnswer } from "~/components/forms/form-answer";
import type { Route } from "./+types/reviews";

export function meta() {
  return [{ title: "Reviews" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const db = getDb();
  const { business, services } = getPublishedContent();
  const reviews = await listAllReviews(db);
  return {
    businessName: business.name,
    replyFrom: replyAuthor(),
    services: [...services.map(({ id, name }) => ({ id, name })), { id: OTHER_SERVICE, name: OTHER_SERVICE_NAME }],
    counts: await countReviewsByStatus(db),
    stats: await getReviewStats(db),
    reviews: reviews.map((r) => ({ ...toPublicReview(r), status: r.status, holdReason: r.holdReason as HoldReason | null })),
    requests: await listReviewRequests(db, getEnv().publicUrl),
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = ManageReviewSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, message: parsed.error.issues[0]?.message ?? "That request was not understood.", link: undefined }, { status: 400 });
  const outcome = await manageReview(getDb(), parsed.data);
  if (!outcome.ok) return data({ ok: false as const, message: outcome.message, link: undefined }, { status: outcome.status });
  return outcome;
}

const asked = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Europe/London" });
const STATE_LABELS = { open: "waiting for an answer", used: "answered", closed: "answered, closed", expired: "expired unanswered" } as const;

export default function ManageReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { businessName, replyFrom, services, counts, stats, reviews, requests } = loaderData;
  const held = reviews.filter((r) => r.status === "held");
  return (
    <>
      <h1 className="h2">Reviews</h1>
      <p data-testid="review-counts">
        {counts.published} published (average {formatAverage(stats.average)}), {counts.held} held.
      </p>
      <FormAnswer answer={actionData} className="mb-3" />
      {actionData?.ok && actionData.link ? <ReviewLinkShare {...actionData.link} businessName={businessName} /> : null}

      {held.length > 0 ? (
        <section aria-labelledby="held-heading" className="mb-4">
          <h2 id="held-heading" className="h5">
            Held ({held.length})
          </h2>
          <ul data-testid="held-reviews">
            {held.map((r) => (
              <li key={r.id}>
                {r.displayName}, {starText(r.rating)}: {r.holdReason ? HOLD_REASONS[r.holdReason] : "no reason recorded"}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="ask-heading" className="mb-4">
        <h2 id="ask-heading" className="h5">
          Ask for a review of a job that came by phone
        </h2>
        <p className="text-body-secondary">Ask after every finished job, whatever you expect them to say. Won enquiries have their own button.</p>
        <Form method="post" className="row g-2">
          <input type="hidden" name="intent" value="ask" />
          <div className="col-md-4">
            <label className="form-label" htmlFor="ask-name">
              Customer's name
            </label>
            <input id="ask-name" name="customerName" className="form-control" maxLength={REVIEW_LIMITS.customerName} required />
          </div>
          <div className="col-md-4">
            <label className="form-label" htmlFor="ask-contact">
              E-mail or mobile
            </label>
            <input id="ask-contact" name="contact" className="form-control" maxLength={254} required />
          </div>
          <div className="col-md-4">
            <label className="form-label" htmlFor="ask-service">
              Service
            </label>
            <select id="ask-service" name="service" className="form-select" required defaultValue="">
              <option value="" disabled>
                Choose…
              </option>
              {services.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <div className="col-12">
            <label className="form-label" htmlFor="ask-job">
              What the job was
            </label>
            <input id="ask-job" name="job" className="form-control" maxLength={REVIEW_LIMITS.job} required placeholder="Replastered the back bedroom ceiling" />
          </div>
          <div className="col-12 form-check ms-2">
            <input className="form-check-input" type="checkbox" id="ask-remind" name="remind" defaultChecked />
            <label className="form-check-label" htmlFor="ask-remind">
              Send one reminder after 7 days if there is no answer (e-mail only)
            </label>
          </div>
          <div className="col-12">
            <button type="submit" className="btn btn-primary">
              Ask for a review
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="reviews-heading" className="mb-4">
        <h2 id="reviews-heading" className="h5">
          All reviews ({reviews.length})
        </h2>
        {reviews.length === 0 ? <p>No reviews yet.</p> : null}
        {reviews.map((r) => (
          <article key={r.id} className="card mb-3" aria-label={`Review by ${r.displayName}`} data-testid="admin-review">
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
              <div className="d-flex flex-wrap gap-3 align-items-end">
                {r.status === "held" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="publish" />
                    <input type="hidden" name="reviewId" value={r.id} />
                    <button type="submit" className="btn btn-outline-success btn-sm">
                      Publish
                    </button>
                  </Form>
                ) : (
                  <Form method="post" className="d-flex gap-2 align-items-end">
                    <input type="hidden" name="intent" value="hold" />
                    <input type="hidden" name="reviewId" value={r.id} />
                    <div>
                      <label className="form-label small mb-0" htmlFor={`hold-${r.id}`}>
                        Reason to hold
                      </label>
                      <select id={`hold-${r.id}`} name="reason" className="form-select form-select-sm" required defaultValue="">
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
                )}
              </div>
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
        ))}
      </section>

      <section aria-labelledby="requests-heading" className="mb-4">
        <h2 id="requests-heading" className="h5">
          Asked for ({requests.length})
        </h2>
        {requests.length === 0 ? <p>No review asked for yet.</p> : null}
        <ul className="list-unstyled" data-testid="review-requests">
          {requests.map((q) => (
            <li key={q.id} className="border-bottom py-2">
              <strong>{q.customerName}</strong> · {q.serviceName} · asked {asked.format(new Date(q.createdAt))} · {q.email ?? q.phone} · {STATE_LABELS[q.state]}
              {q.state === "open" ? (
                <>
                  {" "}
                  · reminder: {q.reminderSentAt ? "sent" : q.remind && q.email ? "after 7 days" : "none"}
                  {q.remind && !q.reminderSentAt && q.email ? (
                    <Form method="post" className="d-inline ms-2">
                      <input type="hidden" name="intent" value="stop-reminder" />
                      <input type="hidden" name="requestId" value={q.id} />
                      <button type="submit" className="btn btn-link btn-sm p-0 align-baseline">
                        Switch the reminder off
                      </button>
                    </Form>
                  ) : null}
                  {q.url ? (
                    <details className="mt-1">
                      <summary>Link and share</summary>
                      <ReviewLinkShare url={q.url} phone={q.phone} customerName={q.customerName} businessName={businessName} />
                    </details>
                  ) : null}
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="add-heading" className="mb-4">
        <h2 id="add-heading" className="h5">
          Add a review you received elsewhere
        </h2>
        <p className="text-body-secondary">It shows as added by you, with where it came from, and never as a verified job.</p>
        <Form method="post" className="row g-2">
          <input type="hidden" name="intent" value="add" />
          <div className="col-md-4">
            <label className="form-label" htmlFor="add-source">
              Where it came from
            </label>
            <input id="add-source" name="source" className="form-control" maxLength={REVIEW_LIMITS.source} required placeholder="A thank-you card" />
          </div>
          <div className="col-md-4">
            <label className="form-label" htmlFor="add-name">
              Name to show
            </label>
            <input id="add-name" name="displayName" className="form-control" maxLength={REVIEW_LIMITS.displayName} required />
          </div>
          <div className="col-md-4">
            <label className="form-label" htmlFor="add-town">
              Town
            </label>
            <input id="add-town" name="town" className="form-control" maxLength={REVIEW_LIMITS.town} />
          </div>
          <div className="col-md-4">
            <label className="form-label" htmlFor="add-rating">
              Stars
            </label>
            <select id="add-rating" name="rating" className="form-select" required defaultValue="">
              <option value="" disabled>
                Choose…
              </option>
              {RATING_LABELS.map((label, i) => (
                <option key={label} value={i + 1}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="col-md-4">
            <label className="form-label" htmlFor="add-service">
              Service of the job
            </label>
            <select id="add-service" name="service" className="form-select" required defaultValue="">
              <option value="" disabled>
                Choose…
              </option>
              {services.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <div className="col-md-4">
            <label className="form-label" htmlFor="add-month">
              Month of the job
            </label>
            <input id="add-month" name="month" type="month" className="form-control" required />
          </div>
          <div className="col-12">
            <label className="form-label" htmlFor="add-body">
              The review, word for word
            </label>
            <textarea id="add-body" name="body" rows={3} minLength={REVIEW_LIMITS.bodyMin} maxLength={REVIEW_LIMITS.body} className="form-control" required />
          </div>
          <div className="col-12">
            <button type="submit" className="btn btn-outline-primary">
              Add review
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}
