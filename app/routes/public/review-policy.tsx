import { Link } from "react-router";
import { HOLD_REASONS, REVIEW_EDIT_DAYS, REVIEW_LINK_DAYS, REVIEW_REMINDER_DAYS } from "~/lib/reviews";
import { LEAN_STYLES } from "~/lib/page-handle";
import { configPageMeta } from "~/lib/seo";
import { getPublishedContent } from "~/server/content/site-content.server";
import type { Route } from "./+types/review-policy";

export const handle = LEAN_STYLES;

export const meta: Route.MetaFunction = configPageMeta("/reviews/policy");

export function loader() {
  const { business } = getPublishedContent();
  return {
    page: { title: "How reviews are collected", description: `How ${business.name} asks for reviews, what is published, and the only reasons a review is held back.` },
    businessName: business.name,
    owner: business.owner,
  };
}

/** The policy the law expects a business that shows reviews to publish: how they are collected and moderated. */
export default function ReviewPolicy({ loaderData }: Route.ComponentProps) {
  const { businessName, owner } = loaderData;
  return (
    <div className="container py-4">
      <div className="page-narrow">
        <h1>How reviews are collected</h1>
        <h2 className="h4 mt-4">Who is asked</h2>
        <p>
          After every finished job, {owner} sends the customer a link to review it, by e-mail, or by text or WhatsApp when there is no e-mail address. Every
          customer is asked the same way, whatever they are likely to say. The link works for that one job, for {REVIEW_LINK_DAYS} days, without an account; one
          reminder is sent after {REVIEW_REMINDER_DAYS} days if there is no answer, and no more.
        </p>
        <h2 className="h4 mt-4">What is published</h2>
        <p>
          Every review is published at once, as the customer wrote it: the stars, the words, the name and town they chose to show, and their photos (with the place
          and time they were taken removed). {businessName} cannot change a customer's words. The customer can change their own review for {REVIEW_EDIT_DAYS}{" "}
          days after sending it, for example once a problem has been put right; then the link closes.
        </p>
        <p>
          Reviews that came through a link are marked <strong>Verified job</strong>, with the month and the service. A review the owner received some other way
          and typed in (from a card, or another website) says so, with where it came from, and is never marked verified.
        </p>
        <h2 className="h4 mt-4">The only reasons a review is held back</h2>
        <ul>
          {Object.values(HOLD_REASONS).map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
        <p>
          A review held back for one of these reasons is kept, and counted, with its reason; it is published again once the reason is put right. A bad rating is
          never a reason. The average and the number of reviews shown cover every published review.
        </p>
        <h2 className="h4 mt-4">Nothing paid for</h2>
        <p>No review is paid for, rewarded with a discount or a gift, or written by {businessName} or anyone on its behalf.</p>
        <h2 className="h4 mt-4">Replies</h2>
        <p>{owner} may reply once, in public, to any review. The reply is shown under the review and says who wrote it.</p>
        <p>
          <Link to="/reviews">Read the reviews</Link>
        </p>
      </div>
    </div>
  );
}
