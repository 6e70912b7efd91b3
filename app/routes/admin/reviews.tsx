import { Form, data } from "react-router";
import { AddReviewForm } from "~/components/reviews/add-review-form";
import { AdminReviewCard } from "~/components/reviews/admin-review-card";
import { AskReviewForm } from "~/components/reviews/ask-review-form";
import { ReviewLinkShare } from "~/components/reviews/review-link-share";
import { OTHER_SERVICE, OTHER_SERVICE_NAME } from "~/lib/enquiry-form";
import { HOLD_REASONS, type HoldReason, formatAverage, starText } from "~/lib/reviews";
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
        <AskReviewForm services={services} />
      </section>

      <section aria-labelledby="reviews-heading" className="mb-4">
        <h2 id="reviews-heading" className="h5">
          All reviews ({reviews.length})
        </h2>
        {reviews.length === 0 ? <p>No reviews yet.</p> : null}
        {reviews.map((r) => (
          <AdminReviewCard key={r.id} review={r} replyFrom={replyFrom} />
        ))}
      </section>

      <section aria-labelledby="requests-heading" className="mb-4">
        <h2 id="requests-heading" className="h5">
          Asked for ({requests.length})
        </h2>
        {requests.length === 0 ? <p>No review asked for yet.</p> : null}
        <RequestList requests={requests} businessName={businessName} />
      </section>

      <section aria-labelledby="add-heading" className="mb-4">
        <h2 id="add-heading" className="h5">
          Add a review you received elsewhere
        </h2>
        <p className="text-body-secondary">It shows as added by you, with where it came from, and never as a verified job.</p>
        <AddReviewForm services={services} />
      </section>
    </>
  );
}

/** The review requests sent, newest first, with each open link's reminder and a way to share it again. */
function RequestList({ requests, businessName }: Pick<Route.ComponentProps["loaderData"], "requests" | "businessName">) {
  return (
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
  );
}
