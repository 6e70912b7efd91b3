import { Badge } from "react-bootstrap";
import { Link } from "react-router";
import { STATUS_LABELS, enquiryTime } from "~/lib/enquiry-status";
import { ENQUIRY_STATUSES } from "~/lib/enquiry-form";
import { requireAdminPage } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/client.server";
import { countEnquiriesByStatus, listEnquiries } from "~/server/db/enquiries.server";
import type { Route } from "./+types/enquiries";

export function meta() {
  return [{ title: "Enquiries" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const wanted = new URL(request.url).searchParams.get("status");
  const status = ENQUIRY_STATUSES.find((s) => s === wanted) ?? null;
  const db = getDb();
  return { status, enquiries: await listEnquiries(db, status), counts: await countEnquiriesByStatus(db) };
}

/** The inbox: newest first, filtered by status with plain links, so it works before and without scripts. */
export default function Enquiries({ loaderData }: Route.ComponentProps) {
  const { status, enquiries, counts } = loaderData;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <>
      <h1 className="h2">Enquiries</h1>
      <nav aria-label="Filter by status" className="my-3">
        <ul className="nav nav-pills enquiry-filters">
          <li className="nav-item">
            <Link to="/manage/enquiries" className={`nav-link${status === null ? " active" : ""}`} aria-current={status === null ? "page" : undefined}>
              All <span className="small">({total})</span>
            </Link>
          </li>
          {ENQUIRY_STATUSES.map((s) => (
            <li key={s} className="nav-item">
              <Link
                to={`/manage/enquiries?status=${s}`}
                className={`nav-link${status === s ? " active" : ""}`}
                aria-current={status === s ? "page" : undefined}
              >
                {STATUS_LABELS[s].label} <span className="small">({counts[s]})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {enquiries.length === 0 ? (
        <p>{status ? `No enquiries are ${STATUS_LABELS[status].label.toLowerCase()}.` : "No enquiries yet. They arrive from the quote form on the contact page."}</p>
      ) : (
        <ul className="list-unstyled enquiry-list" aria-label="Enquiries, newest first">
          {enquiries.map((e) => (
            <li key={e.id} className={`enquiry-item${e.readAt ? "" : " enquiry-unread"}`}>
              <div className="d-flex flex-wrap align-items-baseline gap-2">
                <Link to={`/manage/enquiries/${e.id}`} className="enquiry-link">
                  {e.name}
                  <span className="visually-hidden">, {e.reference}</span>
                </Link>
                {e.readAt ? null : <Badge bg="" className="text-bg-warning">Unread</Badge>}
                <Badge bg={STATUS_LABELS[e.status].badge}>{STATUS_LABELS[e.status].label}</Badge>
                {e.pendingMail > 0 ? (
                  <Badge bg="light" text="dark" className="border">
                    Notification pending
                  </Badge>
                ) : null}
                {e.failedMail > 0 ? <Badge bg="danger">Notification failed</Badge> : null}
              </div>
              <div className="text-body-secondary small">
                {e.reference} · {e.serviceName} · {e.postcode} · {e.photoCount === 1 ? "1 photo" : `${e.photoCount} photos`} ·{" "}
                <time dateTime={e.createdAt}>{enquiryTime.format(new Date(e.createdAt))}</time>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
