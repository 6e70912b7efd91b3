import { Badge } from "react-bootstrap";
import { Form, Link, data, redirect, useLocation, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { EnquiryPhotos } from "~/components/enquiries/enquiry-photos";
import { FormAnswer, answerAnchor } from "~/components/forms/form-answer";
import { useModal } from "~/components/modal/modal-host";
import { STATUS_LABELS, enquiryTime } from "~/lib/enquiry-status";
import { ENQUIRY_STATUSES } from "~/lib/enquiry-form";
import { requireAdmin, requireAdminPage } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/client.server";
import { getEnquiry, markEnquiryRead, updateEnquiryNotes, updateEnquiryStatus } from "~/server/db/enquiries.server";
import { deleteEnquiry } from "~/server/enquiries/enquiry-jobs.server";
import { ReviewLinkShare } from "~/components/reviews/review-link-share";
import { getEnv } from "~/server/env.server";
import { askForEnquiryReview } from "~/server/reviews/manage-reviews.server";
import { listReviewRequests } from "~/server/reviews/review-requests.server";
import { getPublishedContent } from "~/server/content/site-content.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/enquiry";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Enquiry ${loaderData.enquiry.reference}` : "Enquiry" }, { name: "robots", content: "noindex" }];
}

const NOTES_MAX = 5000;

const EnquiryActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("set-status"), status: z.enum(ENQUIRY_STATUSES) }),
  z.object({ intent: z.literal("save-notes"), notes: z.string().max(NOTES_MAX, `Notes can be at most ${NOTES_MAX} characters`) }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("ask-review"), remind: z.string().optional() }),
]);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const db = getDb();
  const enquiry = await getEnquiry(db, params.id);
  if (!enquiry) throw new Response("No such enquiry", { status: 404, statusText: "Not Found" });
  // Opening it is reading it.
  await markEnquiryRead(db, enquiry.id);
  const base = `/manage/enquiries/${enquiry.id}/photos`;
  return {
    enquiry: { ...enquiry, photos: undefined, mail: undefined },
    photos: enquiry.photos.map((p) => ({ id: p.id, name: p.originalName, width: p.width, height: p.height, full: `${base}/${p.id}/full`, thumb: `${base}/${p.id}/thumb` })),
    ownerMail: enquiry.mail.filter((m) => m.kind === "enquiry-owner"),
    customerMail: enquiry.mail.find((m) => m.kind === "enquiry-customer") ?? null,
    reviewMail: enquiry.mail.filter((m) => m.kind.startsWith("review-")),
    reviewRequests: await listReviewRequests(db, getEnv().publicUrl, { enquiryId: enquiry.id }),
    businessName: getPublishedContent().business.name,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const raw = Object.fromEntries(await request.formData());
  // Every answer names the form it answers, so the page shows it beside that form's button.
  const intent = String(raw.intent ?? "");
  const parsed = EnquiryActionSchema.safeParse(raw);
  if (!parsed.success) return data({ intent, ok: false, message: parsed.error.issues[0]?.message ?? "That request was not understood." }, { status: 400 });
  const db = getDb();
  const form = parsed.data;
  if (form.intent === "ask-review") {
    const outcome = await askForEnquiryReview(db, params.id, form.remind === "on");
    if (!outcome.ok) return data({ intent, ok: false, message: outcome.message }, { status: outcome.status });
    return { intent, ok: true, message: outcome.message, link: outcome.link };
  }
  if (form.intent === "delete") {
    if (!(await deleteEnquiry(db, await getStorage(), params.id))) throw new Response("No such enquiry", { status: 404 });
    throw redirect("/manage/enquiries");
  }
  const changed = form.intent === "set-status" ? await updateEnquiryStatus(db, params.id, form.status) : await updateEnquiryNotes(db, params.id, form.notes.trim());
  if (!changed) throw new Response("No such enquiry", { status: 404 });
  return { intent, ok: true, message: form.intent === "set-status" ? "Status saved." : "Notes saved." };
}

function mailState(mail: { status: string; attempts: number; lastError: string | null }) {
  if (mail.status === "sent") return <Badge bg="success">sent</Badge>;
  // SMTP_URL was not set: the mail is a file on the server (the notice above every admin page says what to set).
  if (mail.status === "filed") {
    return (
      <Badge bg="" className="text-bg-warning">
        not sent: only written to a file on the server, as SMTP_URL is not set
      </Badge>
    );
  }
  if (mail.status === "failed") {
    // A mail held back by a restore was never tried here: its reason says why (restore-database.server).
    return (
      <>
        <Badge bg="danger">{mail.attempts > 0 ? `failed after ${mail.attempts} attempts` : "not sent"}</Badge>
        {mail.attempts === 0 && mail.lastError && <span className="ms-2">{mail.lastError}</span>}
      </>
    );
  }
  return (
    <Badge bg="light" text="dark" className="border">
      pending{mail.attempts > 0 ? `, ${mail.attempts} attempt${mail.attempts === 1 ? "" : "s"} so far` : ""}
    </Badge>
  );
}

export default function EnquiryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { enquiry, photos, ownerMail, customerMail, reviewMail, reviewRequests, businessName } = loaderData;
  const modal = useModal();
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";
  const subject = encodeURIComponent(`Your enquiry ${enquiry.reference}`);
  const { pathname } = useLocation();
  // Each answer shows beside the button that asked for it.
  const answerTo = (intent: string) => (actionData?.intent === intent ? actionData : null);

  return (
    <article aria-labelledby="enquiry-heading">
      <p>
        <Link to="/manage/enquiries">← All enquiries</Link>
      </p>
      <h1 id="enquiry-heading" className="h2">
        {enquiry.name} <span className="text-body-secondary fs-5">{enquiry.reference}</span>
      </h1>
      <p className="text-body-secondary">
        {enquiry.serviceName} · {enquiry.postcode} · received <time dateTime={enquiry.createdAt}>{enquiryTime.format(new Date(enquiry.createdAt))}</time>{" "}
        <Badge bg={STATUS_LABELS[enquiry.status].badge}>{STATUS_LABELS[enquiry.status].label}</Badge>
      </p>
      <div className="d-flex flex-wrap gap-2 mb-3">
        {enquiry.email ? (
          <a className="btn btn-primary" href={`mailto:${enquiry.email}?subject=${subject}`}>
            Reply by e-mail<span className="visually-hidden"> to {enquiry.email}</span>
          </a>
        ) : null}
        {enquiry.phone ? (
          <a className="btn btn-outline-primary" href={`tel:${enquiry.phone.replace(/[^\d+]/g, "")}`}>
            Ring {enquiry.phone}
          </a>
        ) : null}
      </div>
      <dl className="enquiry-fields">
        <dt>E-mail</dt>
        <dd>{enquiry.email ?? "not given"}</dd>
        <dt>Phone</dt>
        <dd>{enquiry.phone ?? "not given"}</dd>
        <dt>Postcode</dt>
        <dd>{enquiry.postcode}</dd>
        <dt>Kind of work</dt>
        <dd>{enquiry.serviceName}</dd>
      </dl>
      <h2 className="h5">About the job</h2>
      <p className="enquiry-description">{enquiry.description}</p>

      <h2 className="h5 mt-4">Photos</h2>
      <EnquiryPhotos photos={photos} />

      <h2 className="h5 mt-4">Mail</h2>
      <ul className="list-unstyled" data-testid="enquiry-mail">
        {ownerMail.map((m) => (
          <li key={m.id}>
            Notification to {m.to}: {mailState(m)}
          </li>
        ))}
        {ownerMail.length === 0 ? <li>No notification: there was no admin to send it to.</li> : null}
        <li>
          Copy to the customer: {customerMail ? mailState(customerMail) : <span className="text-body-secondary">none (no e-mail address given)</span>}
        </li>
        {reviewMail.map((m) => (
          <li key={m.id}>
            {m.kind === "review-reminder" ? "Review reminder" : "Review request"} to {m.to}: {mailState(m)}
          </li>
        ))}
      </ul>

      {enquiry.status === "won" ? (
        <section aria-labelledby="review-heading" className="mt-4">
          <h2 id="review-heading" className="h5">
            Review
          </h2>
          {actionData && "link" in actionData && actionData.link ? <ReviewLinkShare {...actionData.link} businessName={businessName} /> : null}
          {reviewRequests.map((q) => (
            <p key={q.id} className="mb-1">
              Asked {enquiryTime.format(new Date(q.createdAt))}: {q.answered ? "answered" : q.state === "expired" ? "expired unanswered" : "waiting for an answer"}.{" "}
              <Link to="/manage/reviews">All reviews</Link>
            </p>
          ))}
          <Form method="post" id="ask-review-form" action={answerAnchor(pathname, "ask-review-form")} className="d-flex flex-wrap gap-3 align-items-center">
            <input type="hidden" name="intent" value="ask-review" />
            <div className="form-check">
              <input className="form-check-input" type="checkbox" id="review-remind" name="remind" defaultChecked />
              <label className="form-check-label" htmlFor="review-remind">
                One reminder after 7 days if there is no answer
              </label>
            </div>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Ask for a review
            </button>
            <FormAnswer answer={answerTo("ask-review")} className="w-100" />
          </Form>
        </section>
      ) : null}

      <div className="row g-4 mt-1">
        <Form method="post" id="status-form" action={answerAnchor(pathname, "status-form")} className="col-md-5">
          <input type="hidden" name="intent" value="set-status" />
          <label htmlFor="enquiry-status" className="form-label fw-semibold">
            Status
          </label>
          <div className="d-flex gap-2">
            <select id="enquiry-status" name="status" defaultValue={enquiry.status} className="form-select" key={enquiry.status}>
              {ENQUIRY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s].label}
                </option>
              ))}
            </select>
            <button type="submit" className="btn btn-outline-primary" disabled={busy}>
              Save
            </button>
          </div>
          <FormAnswer answer={answerTo("set-status")} className="mt-2" />
          <p className="form-text">Closed enquiries are deleted with their photos after the retention period.</p>
        </Form>
        <Form method="post" id="notes-form" action={answerAnchor(pathname, "notes-form")} className="col-md-7">
          <input type="hidden" name="intent" value="save-notes" />
          <label htmlFor="enquiry-notes" className="form-label fw-semibold">
            Your notes <span className="fw-normal text-body-secondary">(only admins see these)</span>
          </label>
          <textarea id="enquiry-notes" name="notes" rows={4} maxLength={NOTES_MAX} defaultValue={enquiry.notes} className="form-control" key={enquiry.notes} />
          <button type="submit" className="btn btn-outline-primary mt-2" disabled={busy}>
            Save notes
          </button>
          <FormAnswer answer={answerTo("save-notes")} className="mt-2" />
        </Form>
      </div>

      <Form
        method="post"
        className="mt-4"
        onSubmit={async (event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const ok = await modal.confirm({
            title: "Delete this enquiry?",
            message: `${enquiry.reference} from ${enquiry.name} and its ${photos.length === 1 ? "photo" : `${photos.length} photos`} will be deleted for good.`,
            confirmLabel: "Delete",
            danger: true,
          });
          if (ok) submit(form);
        }}
      >
        <input type="hidden" name="intent" value="delete" />
        <button type="submit" className="btn btn-outline-danger" disabled={busy}>
          Delete enquiry and photos
        </button>
      </Form>
    </article>
  );
}
