import { LEAN_STYLES } from "~/lib/page-handle";
import { pageMeta } from "~/lib/seo";
import { getEnv } from "~/server/env.server";
import { getSiteContent } from "~/server/content/site-content.server";
import type { Route } from "./+types/privacy";

export const handle = LEAN_STYLES;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches[0].loaderData, {
    title: "How your enquiry is kept",
    description: "What the quote form keeps, for how long, and who sees it.",
    path: "/privacy",
  });
}

export function loader({ context }: Route.LoaderArgs) {
  const { business } = getSiteContent(context);
  const { enquiries, backup } = getEnv();
  return {
    business: business.name,
    owner: business.owner,
    email: business.email,
    retentionDays: enquiries.retentionDays,
    // Days a deleted enquiry lives on in the daily backups; null when the site makes none.
    backupDays: backup.schedule ? backup.keep : null,
  };
}

/** The short privacy note the quote form's consent line links to. */
export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { business, owner, email, retentionDays, backupDays } = loaderData;
  return (
    <div className="container py-4">
      <div className="page-narrow">
        <h1>How your enquiry is kept</h1>
        <h2 className="h4 mt-4">What is kept</h2>
        <p>
          What you type into the quote form (your name, how to reach you, the postcode and the description) and the photos you
          add. Photos are stored as new copies without the hidden details phones add, such as the place they were taken.
          Nothing else about you is kept: the site counts page views per day, never who made them.
        </p>
        <h2 className="h4 mt-4">Who sees it</h2>
        <p>
          Only {owner} of {business}, signed in to the site's admin pages. Your photos are never shown on the website. Your
          details are used to reply about your job and are not passed to anyone else or used for advertising.
        </p>
        <h2 className="h4 mt-4">For how long</h2>
        <p>
          While we talk about the job, and for {retentionDays} days after the enquiry is closed, when it is deleted with its
          photos. You can ask for it to be deleted sooner, or for a copy, at <a href={`mailto:${email}`}>{email}</a>.
        </p>
        <h2 className="h4 mt-4">Backups</h2>
        {backupDays !== null ? (
          <p data-testid="privacy-backups">
            So that a broken disk cannot lose your enquiry, the site makes a backup of everything it holds every night,
            your enquiry and photos included, and keeps the newest {backupDays}. After your enquiry is deleted, copies of
            it stay in those backups for up to {backupDays} more {backupDays === 1 ? "day" : "days"}, on the site's own
            server where only {owner} can reach them, and then they are gone as well.
          </p>
        ) : (
          <p data-testid="privacy-backups">The site keeps no nightly backups of enquiries.</p>
        )}
        <p>
          {owner} may also download a backup to keep somewhere safe away from the server. Such a copy is {owner}'s to
          look after: kept private, used only to put the site back if it is lost, and deleted when it is no longer needed.
        </p>
      </div>
    </div>
  );
}
