import { v7 as uuidv7 } from "uuid";
import { OTHER_SERVICE, OTHER_SERVICE_NAME } from "~/lib/enquiry-form";
import { HOLD_REASONS, type HoldReason } from "~/lib/reviews";
import type { ManageReviewAction } from "~/lib/schemas/review";
import type { Db } from "../db/client.server";
import { getEnquiry } from "../db/enquiries.server";
import { holdReview, insertReview, publishReview, setReviewReply } from "../db/reviews.server";
import { wakeOutbox } from "../enquiries/enquiry-jobs.server";
import { noteContentChanged } from "../pages/page-freshness.server";
import { getPublishedContent } from "../content/site-content.server";
import { askForReview, reviewMailContext, stopReviewReminder } from "./review-requests.server";

export type ManageOutcome = { ok: true; message: string; link?: { url: string; phone: string | null; customerName: string } } | { ok: false; status: 400 | 404; message: string };

function serviceName(service: string): string | null {
  if (service === OTHER_SERVICE) return OTHER_SERVICE_NAME;
  return getPublishedContent().services.find((s) => s.id === service)?.name ?? null;
}

const EMAIL = /@/;

/** Asks the customer of a won enquiry, with the details the enquiry already holds. */
export async function askForEnquiryReview(db: Db, enquiryId: string, remind: boolean): Promise<ManageOutcome> {
  const enquiry = await getEnquiry(db, enquiryId);
  if (!enquiry) return { ok: false, status: 404, message: "No such enquiry." };
  if (enquiry.status !== "won") return { ok: false, status: 400, message: "Reviews are asked for once a job is won and done: mark the enquiry Won first." };
  const { url } = await askForReview(
    db,
    {
      enquiryId,
      customerName: enquiry.name,
      email: enquiry.email,
      phone: enquiry.phone,
      job: enquiry.description.length > 300 ? `${enquiry.description.slice(0, 297)}…` : enquiry.description,
      service: enquiry.service,
      serviceName: enquiry.serviceName,
      remind,
    },
    reviewMailContext(),
  );
  wakeOutbox();
  return { ok: true, message: enquiry.email ? `Review link made and mailed to ${enquiry.email}.` : "Review link made: send it by text or WhatsApp.", link: { url, phone: enquiry.phone, customerName: enquiry.name } };
}

/** The owner's actions on /manage/reviews, parsed already. None of them can change a customer's words. */
export async function manageReview(db: Db, form: ManageReviewAction, now = new Date()): Promise<ManageOutcome> {
  switch (form.intent) {
    case "ask-enquiry":
      return { ok: false, status: 400, message: "Ask from the enquiry's own page." };
    case "ask": {
      const name = serviceName(form.service);
      if (!name) return { ok: false, status: 400, message: "Please choose the service." };
      const email = EMAIL.test(form.contact) ? form.contact.toLowerCase() : null;
      const phone = email ? null : form.contact;
      const { url } = await askForReview(
        db,
        { enquiryId: null, customerName: form.customerName, email, phone, job: form.job, service: form.service, serviceName: name, remind: form.remind === "on" },
        reviewMailContext(),
        now,
      );
      wakeOutbox();
      return { ok: true, message: email ? `Review link made and mailed to ${email}.` : "Review link made: send it by text or WhatsApp.", link: { url, phone, customerName: form.customerName } };
    }
    case "stop-reminder":
      return (await stopReviewReminder(db, form.requestId)) ? { ok: true, message: "No reminder will be sent." } : { ok: false, status: 404, message: "No such request." };
    case "hold":
      if (!(await holdReview(db, form.reviewId, form.reason, now))) return { ok: false, status: 404, message: "No such review." };
      await noteContentChanged(db);
      return { ok: true, message: `Review held: ${HOLD_REASONS[form.reason as HoldReason]}.` };
    case "publish":
      if (!(await publishReview(db, form.reviewId))) return { ok: false, status: 404, message: "No such review." };
      await noteContentChanged(db);
      return { ok: true, message: "Review published." };
    case "reply":
      if (!(await setReviewReply(db, form.reviewId, form.reply, now))) return { ok: false, status: 404, message: "No such review." };
      await noteContentChanged(db);
      return { ok: true, message: form.reply === "" ? "Reply removed." : "Reply published." };
    case "add": {
      const name = serviceName(form.service);
      if (!name) return { ok: false, status: 400, message: "Please choose the service." };
      // Typed in by the owner: never linked to a request, so never shown as a verified job.
      await insertReview(
        db,
        {
          id: uuidv7(),
          requestId: null,
          source: form.source,
          rating: form.rating,
          body: form.body,
          displayName: form.displayName,
          town: form.town,
          service: form.service,
          serviceName: name,
          jobMonth: form.month,
          status: "published",
          createdAt: now.toISOString(),
        },
        [],
      );
      await noteContentChanged(db);
      return { ok: true, message: "Review added, marked as added by you." };
    }
  }
}
