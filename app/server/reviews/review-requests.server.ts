import { randomUUID } from "node:crypto";
import { REVIEW_EDIT_DAYS, REVIEW_LINK_DAYS, REVIEW_REMINDER_DAYS } from "~/lib/reviews";
import type { Db } from "../db/client.server";
import type { ReviewRequest } from "../db/schema.server";
import { type LinkState, createSingleUseLink, linkState, openSealedToken } from "../links/single-use-link.server";
import { getEnv } from "../env.server";
import { enqueueMail } from "../mail/outbox.server";
import { getPublishedContent } from "../content/site-content.server";
import { type MailContext, reviewRequestMessage } from "./review-mail.server";

/** Single-use links for reviews carry this purpose; a token for anything else never opens a review page. */
export const REVIEW_LINK_PURPOSE = "review";
const DAY_MS = 24 * 60 * 60 * 1000;
export const REVIEW_LINK_MS = REVIEW_LINK_DAYS * DAY_MS;
export const REVIEW_EDIT_MS = REVIEW_EDIT_DAYS * DAY_MS;
const REMINDER_AFTER_MS = REVIEW_REMINDER_DAYS * DAY_MS;


export function reviewMailContext(): MailContext {
  const { business } = getPublishedContent();
  return { businessName: business.name, ownerName: business.owner, publicUrl: getEnv().publicUrl };
}

export function reviewUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/review/${token}`;
}

export type NewReviewRequest = {
  enquiryId: string | null;
  customerName: string;
  email: string | null;
  phone: string | null;
  job: string;
  service: string;
  serviceName: string;
  remind: boolean;
};

/**
 * Makes a link for one job, valid 60 days, and (when there is an e-mail address) queues the mail that carries it,
 * in one transaction. The URL is returned for the owner to copy or share by WhatsApp or SMS.
 */
export async function askForReview(db: Db, input: NewReviewRequest, context: MailContext, now = new Date()): Promise<{ requestId: string; url: string }> {
  const id = randomUUID();
  const url = await db.transaction().execute(async (trx) => {
    const link = await createSingleUseLink(trx, { purpose: REVIEW_LINK_PURPOSE, validForMs: REVIEW_LINK_MS, keepSealed: true }, now);
    const request: ReviewRequest = { id, linkId: link.id, ...input, remind: input.remind ? 1 : 0, reminderSentAt: null, createdAt: now.toISOString() };
    await trx.insertInto("reviewRequest").values(request).execute();
    const url = reviewUrl(context.publicUrl, link.token);
    if (input.email) await enqueueMail(trx, [reviewRequestMessage(request, url, context, false)], now);
    return url;
  });
  return { requestId: id, url };
}

export type ReviewRequestRow = Omit<ReviewRequest, "remind"> & { remind: boolean; state: LinkState; url: string | null; answered: boolean; expiresAt: string };

/** The owner's requests, newest first, each with its link's state and (while it can still be answered) its URL. */
export async function listReviewRequests(db: Db, publicUrl: string, options: { enquiryId?: string; limit?: number } = {}, now = new Date()): Promise<ReviewRequestRow[]> {
  let query = db
    .selectFrom("reviewRequest")
    .innerJoin("singleUseLink", "singleUseLink.id", "reviewRequest.linkId")
    .leftJoin("review", "review.requestId", "reviewRequest.id")
    .selectAll("reviewRequest")
    .select(["singleUseLink.expiresAt", "singleUseLink.usedAt", "singleUseLink.closesAt", "singleUseLink.sealedToken", "review.id as reviewId"])
    .orderBy("reviewRequest.createdAt", "desc")
    .limit(options.limit ?? 200);
  if (options.enquiryId) query = query.where("reviewRequest.enquiryId", "=", options.enquiryId);
  const rows = await query.execute();
  return rows.map(({ usedAt, closesAt, sealedToken, reviewId, ...row }) => {
    const state = linkState({ expiresAt: row.expiresAt, usedAt, closesAt }, now);
    const token = state === "open" || state === "used" ? (sealedToken ? openSealedToken(sealedToken) : null) : null;
    return { ...row, remind: Number(row.remind) === 1, state, answered: reviewId !== null, url: token ? reviewUrl(publicUrl, token) : null };
  });
}

export async function getReviewRequestByLink(db: Db, linkId: string): Promise<ReviewRequest | null> {
  return (await db.selectFrom("reviewRequest").selectAll().where("linkId", "=", linkId).executeTakeFirst()) ?? null;
}

export async function stopReviewReminder(db: Db, requestId: string): Promise<boolean> {
  const result = await db.updateTable("reviewRequest").set({ remind: 0 }).where("id", "=", requestId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * One reminder, 7 days after asking, to each customer with an e-mail address who has not answered, whose link
 * still works and whose reminder the owner left on. Each request is claimed by setting reminderSentAt where it was
 * null, in the transaction that queues the mail, so two processes never remind twice. Returns how many were queued.
 */
export async function sendDueReviewReminders(db: Db, context: MailContext, now = new Date()): Promise<number> {
  const due = await db
    .selectFrom("reviewRequest")
    .innerJoin("singleUseLink", "singleUseLink.id", "reviewRequest.linkId")
    .selectAll("reviewRequest")
    .select(["singleUseLink.sealedToken"])
    .where("reviewRequest.remind", "=", 1)
    .where("reviewRequest.reminderSentAt", "is", null)
    .where("reviewRequest.email", "is not", null)
    .where("reviewRequest.createdAt", "<=", new Date(now.getTime() - REMINDER_AFTER_MS).toISOString())
    .where("singleUseLink.usedAt", "is", null)
    .where("singleUseLink.expiresAt", ">", now.toISOString())
    .limit(100)
    .execute();
  let queued = 0;
  for (const { sealedToken, ...request } of due) {
    const token = sealedToken ? openSealedToken(sealedToken) : null;
    if (!token) continue;
    const claimed = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable("reviewRequest")
        .set({ reminderSentAt: now.toISOString() })
        .where("id", "=", request.id)
        .where("reminderSentAt", "is", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await enqueueMail(trx, [reviewRequestMessage(request, reviewUrl(context.publicUrl, token), context, true)], now);
      return true;
    });
    if (claimed) queued++;
  }
  return queued;
}

/** Asked for and answered per month (YYYY-MM), for the dashboard. */
export async function listRequestTimesSince(db: Db, since: Date): Promise<string[]> {
  const rows = await db.selectFrom("reviewRequest").select("createdAt").where("createdAt", ">=", since.toISOString()).execute();
  return rows.map((r) => r.createdAt);
}
