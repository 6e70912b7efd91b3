import { REVIEW_EDIT_DAYS, REVIEW_LINK_DAYS } from "~/lib/reviews";
import type { ReviewRequest } from "../db/schema.server";
import type { OutboxMessage } from "../mail/outbox.server";

/** What every review mail says of the business: who asks, and where the link points. */
export type MailContext = { businessName: string; ownerName: string; publicUrl: string };

/** Outbox kinds of the review mail: the first request and the one reminder. */
const REVIEW_MAIL_KINDS = { request: "review-request", reminder: "review-reminder" } as const;

/** The mail that carries a review link (the same words for everyone asked: nobody is asked differently). */
export function reviewRequestMessage(request: ReviewRequest, url: string, context: MailContext, reminder: boolean): OutboxMessage {
  const firstName = request.customerName.trim().split(/\s+/)[0] ?? request.customerName;
  return {
    kind: reminder ? REVIEW_MAIL_KINDS.reminder : REVIEW_MAIL_KINDS.request,
    enquiryId: request.enquiryId,
    to: request.email!,
    subject: reminder ? `A reminder: how did the ${request.serviceName.toLowerCase()} job go?` : `How did the ${request.serviceName.toLowerCase()} job go? A review for ${context.businessName}`,
    text: [
      `Hello ${firstName},`,
      "",
      reminder
        ? `A week ago I asked whether you would review the job I did for you (${request.job}). If you have a minute, I would still be glad to hear how it went.`
        : `Thank you for having me do the job (${request.job}). Would you tell other people how it went? Good or bad, every review is published as you write it, unless it breaks one of the few rules in the policy below.`,
      "",
      "Your link (it works only for this job, without an account, for the next " +
        `${REVIEW_LINK_DAYS} days; after sending you can still change your review for ${REVIEW_EDIT_DAYS} days):`,
      url,
      "",
      "Please keep the link to yourself: anyone with it can write the review for this job.",
      "Nothing is offered or paid for reviews.",
      `How reviews are collected and published: ${context.publicUrl}/reviews/policy`,
      "",
      reminder ? "This is the only reminder you will get." : "If you have not answered in a week, I will send one reminder, and no more.",
      "",
      context.ownerName,
      context.businessName,
    ].join("\n"),
  };
}
