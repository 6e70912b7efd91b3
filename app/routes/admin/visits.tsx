import { requireAdminPage } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/client.server";
import { getVisitCount, listVisitDays } from "~/server/visits/visits.server";
import type { Route } from "./+types/visits";

export function meta() {
  return [{ title: "Visitors" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const db = getDb();
  return { total: await getVisitCount(db), days: await listVisitDays(db, 14) };
}

export default function Visits({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="h2">Visitors</h1>
      <section aria-labelledby="visits-heading" className="mt-3">
        <h2 id="visits-heading" className="h5">
          {loaderData.total} visits in all; the last two weeks by day
        </h2>
        {loaderData.days.length === 0 ? (
          <p>No visits yet.</p>
        ) : (
          <table className="table table-sm w-auto">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Visits</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.days.map((d) => (
                <tr key={d.day}>
                  <td>{d.day}</td>
                  <td>{d.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
