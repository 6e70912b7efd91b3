import { Link } from "react-router";
import { BarChart } from "~/components/dashboard/bar-chart";
import { countByWeek, fillDays, formatDay, lastDays, reviewsByMonth } from "~/lib/dashboard";
import { formatAverage, formatJobMonth } from "~/lib/reviews";
import { listReviewTimesSince } from "~/server/db/reviews.server";
import { listRequestTimesSince } from "~/server/reviews/review-requests.server";
import { requireAdminPage } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/client.server";
import { listEnquiryTimesSince } from "~/server/db/enquiries.server";
import { listTopPages, listTopReferrers, listTrafficDays } from "~/server/db/traffic.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Dashboard" }, { name: "robots", content: "noindex" }];
}

const DAYS = 90;
const WEEKS = 13;
const REVIEW_MONTHS = 12;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const db = getDb();
  const now = new Date();
  const days = lastDays(now, DAYS);
  const since = days[0]!;
  const traffic = fillDays(days, await listTrafficDays(db, since), { visits: 0, views: 0 });
  const weeks = countByWeek(await listEnquiryTimesSince(db, new Date(Date.parse(`${since}T00:00:00Z`) - 7 * 24 * 60 * 60 * 1000)), now, WEEKS);
  const firstMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (REVIEW_MONTHS - 1), 1));
  const reviewMonths = reviewsByMonth(await listRequestTimesSince(db, firstMonth), await listReviewTimesSince(db, firstMonth), now, REVIEW_MONTHS);
  const sum = (n: number, key: "visits" | "views") => traffic.slice(-n).reduce((total, d) => total + d[key], 0);
  return {
    traffic,
    weeks,
    totals: [7, 30, 90].map((n) => ({ days: n, visits: sum(n, "visits"), views: sum(n, "views") })),
    enquiries: weeks.reduce((total, w) => total + w.count, 0),
    pages: await listTopPages(db, since),
    referrers: await listTopReferrers(db, since),
    reviewMonths,
  };
}

/** What the site brings in: visits, enquiries, the pages people read and the sites that send them. */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { traffic, weeks, totals, enquiries, pages, referrers, reviewMonths } = loaderData;
  return (
    <>
      <h1 className="h2">Dashboard</h1>
      <p className="text-body-secondary">
        Counted by the server from page loads, without cookies of their own; search engines and other bots are left out.
      </p>
      <dl className="dashboard-totals">
        {totals.map((t) => (
          <div key={t.days} data-testid={`visits-${t.days}`}>
            <dt>Last {t.days} days</dt>
            <dd>
              <span className="fs-3 fw-semibold">{t.visits}</span> visits, {t.views} page views
            </dd>
          </div>
        ))}
        <div data-testid="enquiries-total">
          <dt>Enquiries, last {weeks.length} weeks</dt>
          <dd>
            <span className="fs-3 fw-semibold">{enquiries}</span> <Link to="/manage/enquiries">open the inbox</Link>
          </dd>
        </div>
      </dl>

      <section aria-labelledby="visits-heading" className="mt-4">
        <h2 id="visits-heading" className="h5">
          Visits per day, last {traffic.length} days
        </h2>
        <BarChart title="Visits per day" keyLabel="Day" valueLabel="Visits" bars={traffic.map((d) => ({ label: formatDay(d.day), value: d.visits }))} />
      </section>

      <section aria-labelledby="enquiries-heading" className="mt-4">
        <h2 id="enquiries-heading" className="h5">
          Enquiries per week
        </h2>
        <BarChart title="Enquiries per week" keyLabel="Week from" valueLabel="Enquiries" bars={weeks.map((w) => ({ label: formatDay(w.week), value: w.count }))} />
      </section>

      <section aria-labelledby="reviews-heading" className="mt-4">
        <h2 id="reviews-heading" className="h5">
          Reviews by month
        </h2>
        <table className="table table-sm" data-testid="review-months">
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col" className="text-end">
                Asked for
              </th>
              <th scope="col" className="text-end">
                Answered
              </th>
              <th scope="col" className="text-end">
                Average rating
              </th>
            </tr>
          </thead>
          <tbody>
            {reviewMonths.map((m) => (
              <tr key={m.month}>
                <th scope="row" className="fw-normal">
                  {formatJobMonth(m.month)}
                </th>
                <td className="text-end">{m.asked}</td>
                <td className="text-end">{m.answered}</td>
                <td className="text-end">{formatAverage(m.average)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="small text-body-secondary">
          <Link to="/manage/reviews">Manage reviews</Link>
        </p>
      </section>

      <div className="row g-4 mt-1">
        <section aria-labelledby="pages-heading" className="col-lg-6">
          <h2 id="pages-heading" className="h5">
            Most visited pages, last 90 days
          </h2>
          <RankTable rows={pages.map((p) => ({ key: p.path, views: p.views }))} keyLabel="Page" empty="No page views yet." testId="top-pages" />
        </section>
        <section aria-labelledby="referrers-heading" className="col-lg-6">
          <h2 id="referrers-heading" className="h5">
            Sites that sent visitors, last 90 days
          </h2>
          <RankTable rows={referrers.map((r) => ({ key: r.host, views: r.views }))} keyLabel="Site" empty="No visitors arrived from other sites yet." testId="top-referrers" />
        </section>
      </div>
    </>
  );
}

function RankTable({ rows, keyLabel, empty, testId }: { rows: { key: string; views: number }[]; keyLabel: string; empty: string; testId: string }) {
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <table className="table table-sm" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">{keyLabel}</th>
          <th scope="col" className="text-end">
            Views
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td className="text-break">{row.key}</td>
            <td className="text-end">{row.views}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
