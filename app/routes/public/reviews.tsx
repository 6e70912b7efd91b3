import { Link } from "react-router";
import { ServiceFilter } from "~/components/public/service-filter";
import { ReviewCard } from "~/components/reviews/review-card";
import { formatAverage } from "~/lib/reviews";
import { configPageMeta } from "~/lib/seo";
import { getDb } from "~/server/db/client.server";
import { getReviewStats, listPublishedReviews } from "~/server/db/reviews.server";
import { replyAuthor, toPublicReview } from "~/server/reviews/public-review.server";
import { getSiteContent } from "~/server/content/site-content.server";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = configPageMeta("/reviews");

/**
 * /reviews and /reviews?service=tiling: every published review, newest first. The average and the count are always
 * over every published review, whatever the filter shows. Deliberately no review or rating structured data: a
 * business's reviews of itself on its own site earn no stars, and marking them up would only invite a penalty.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb();
  // The drafts when an admin previews (?preview=1), as on every other public page.
  const { business, services } = getSiteContent(context);
  const wanted = new URL(request.url).searchParams.get("service") ?? "";
  const service = services.some((s) => s.id === wanted) ? wanted : null;
  const reviews = await listPublishedReviews(db, { service });
  return {
    page: { title: `Reviews of ${business.name}`, description: `What customers wrote about ${business.name}'s work: every review published, with photos and replies.` },
    stats: await getReviewStats(db),
    reviews: reviews.map(toPublicReview),
    services: services.map(({ id, name }) => ({ id, name })),
    service,
    replyFrom: replyAuthor(),
  };
}

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { stats, reviews, services, service, replyFrom } = loaderData;
  const serviceName = services.find((s) => s.id === service)?.name;
  return (
    <div className="container py-4">
      <div className="page-narrow">
        <h1>Reviews</h1>
        <p className="fs-5" data-testid="review-summary">
          {stats.count === 0 ? (
            "No reviews yet."
          ) : (
            <>
              Average <strong>{formatAverage(stats.average)}</strong> out of 5 from <strong>{stats.count}</strong> {stats.count === 1 ? "review" : "reviews"}: every review
              published, none left out.
            </>
          )}
        </p>
        <p>
          After every job the customer is sent a link to review it. Each review is published as written unless it breaks one of the rules in the{" "}
          <Link to="/reviews/policy">review policy</Link>; none is paid for or rewarded.
        </p>
        <ServiceFilter action="/reviews" label="Filter reviews" id="review-service" services={services} selected={service} className="mb-4">
          {service ? <Link to="/reviews">Show all reviews</Link> : null}
        </ServiceFilter>
        {serviceName ? (
          <h2 className="h4">
            {reviews.length} {reviews.length === 1 ? "review" : "reviews"} of {serviceName}
          </h2>
        ) : null}
        {reviews.length === 0 && stats.count > 0 ? <p>No reviews of this service yet.</p> : null}
        {reviews.map((review) => (
          <ReviewCard key={review.id} review={review} replyFrom={replyFrom} headingLevel={serviceName ? 3 : 2} />
        ))}
      </div>
    </div>
  );
}
