import path from "node:path";
import { v7 as uuidv7 } from "uuid";
import { REVIEW_LIMITS } from "~/lib/reviews";
import { type ReviewFormErrors, parseReviewForm } from "~/lib/schemas/review";
import { consumeRateLimit } from "../auth/rate-limit.server";
import type { Db } from "../db/client.server";
import { type NewReviewPhoto, getReviewForRequest, insertReview, updateReviewByCustomer } from "../db/reviews.server";
import { deleteCustomerPhotos, processEnquiryPhoto, storeCustomerPhoto } from "../enquiries/enquiry-photos.server";
import { BodyTooLargeError, readQuoteBody } from "../enquiries/quote-body.server";
import { addressKey } from "../enquiries/receive-quote.server";
import { getEnv } from "../env.server";
import { DecodeQueueFullError } from "../images/decode-queue.server";
import { ImageRejectedError } from "../images/inspect-upload.server";
import { findSingleUseLink, useSingleUseLink } from "../links/single-use-link.server";
import { logger } from "../logger.server";
import { noteContentChanged } from "../pages/page-freshness.server";
import type { Storage } from "../storage/storage-contract.server";
import { REVIEW_EDIT_MS, REVIEW_LINK_PURPOSE, getReviewRequestByLink } from "./review-requests.server";

/** Per link and per client address, per hour: far more than a person needs, far too few to hammer the form. */
const REVIEW_LIMITS_PER_HOUR = { link: 20, address: 30, lookups: 60 } as const;
const HOUR = 60 * 60;

export type ReviewValues = Record<"rating" | "body" | "displayName" | "town" | "consent", string>;
export type ReviewRefusal = { ok: false; status: 400 | 409 | 413 | 429 | 503; errors: ReviewFormErrors; values: ReviewValues };
export type ReviewOutcome = { ok: true; created: boolean } | ReviewRefusal;

/** A link that does not name a review page (404) or no longer does (410): the page says which, and shows nothing else. */
export class ReviewLinkError extends Error {
  constructor(readonly status: 404 | 410) {
    super(status === 404 ? "no such review link" : "review link expired or closed");
  }
}

function valuesFrom(fields: Record<string, string>): ReviewValues {
  const pick = (key: keyof ReviewValues, max: number) => (fields[key] ?? "").slice(0, max);
  return { rating: pick("rating", 2), body: pick("body", REVIEW_LIMITS.body + 500), displayName: pick("displayName", 200), town: pick("town", 200), consent: pick("consent", 5) };
}

/** Counts one look-up of a token from this address; false when the address has tried too many. */
export async function allowReviewLookup(db: Db, ip: string, now = Date.now()): Promise<boolean> {
  return consumeRateLimit(db, `review:lookup:${addressKey(ip)}`, { windowSeconds: HOUR, max: REVIEW_LIMITS_PER_HOUR.lookups }, now);
}

/**
 * Resolves a token to its request and link, or throws ReviewLinkError: 404 when it names nothing (or something
 * other than a review), 410 when it has expired unanswered or its 14 days of editing are over.
 */
export async function openReviewLink(db: Db, token: string, now = new Date()) {
  const found = await findSingleUseLink(db, REVIEW_LINK_PURPOSE, token, now);
  if (!found) throw new ReviewLinkError(404);
  if (found.state === "expired" || found.state === "closed") throw new ReviewLinkError(410);
  const request = await getReviewRequestByLink(db, found.link.id);
  if (!request) throw new ReviewLinkError(404);
  return { link: found.link, state: found.state, request };
}

export type ReviewDependencies = { db: Db; storage: Storage; ip: string; now?: () => number };

/**
 * The customer's answer or edit, from the page's plain form post. The first answer uses the link (atomically, so
 * two posts at once make one review) and keeps it open 14 days for edits; an edit changes only the customer's own
 * fields. Photos (first answer only) go through the quote form's pipeline before anything is saved.
 */
export async function receiveReview(request: Request, token: string, deps: ReviewDependencies): Promise<ReviewOutcome> {
  const now = new Date(deps.now?.() ?? Date.now());
  const withinAddress = await consumeRateLimit(deps.db, `review:ip:${addressKey(deps.ip)}`, { windowSeconds: HOUR, max: REVIEW_LIMITS_PER_HOUR.address }, now.getTime());
  const tooMany = (): ReviewRefusal => ({ ok: false, status: 429, errors: { form: "Too many tries just now. Please wait an hour and send again." }, values: valuesFrom({}) });
  if (!withinAddress) {
    // Read (and drop) what was sent, so the client gets the answer rather than a reset connection.
    await readQuoteBody(request, tempRoot(), { keepFiles: false, maxPhotos: REVIEW_LIMITS.photos }).then((b) => b.cleanup(), () => {});
    return tooMany();
  }
  const opened = await openReviewLink(deps.db, token, now);
  const withinLink = await consumeRateLimit(deps.db, `review:link:${opened.link.id}`, { windowSeconds: HOUR, max: REVIEW_LIMITS_PER_HOUR.link }, now.getTime());

  let body;
  try {
    body = await readQuoteBody(request, tempRoot(), { keepFiles: withinLink && opened.state === "open", maxPhotos: REVIEW_LIMITS.photos });
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { ok: false, status: 413, errors: { photos: "The photos came to more than 60 MB together. Please send fewer or smaller photos." }, values: valuesFrom({}) };
    throw error;
  }
  try {
    const values = valuesFrom(body.fields);
    if (!withinLink) return { ...tooMany(), values };
    const parsed = parseReviewForm(body.fields);
    const errors: ReviewFormErrors = parsed.ok ? {} : { ...parsed.errors };
    if (body.tooMany) errors.photos = `Please send at most ${REVIEW_LIMITS.photos} photos.`;
    else if (body.oversized.length > 0) errors.photos = `${body.oversized.map((n) => `"${n}"`).join(", ")} is too large (at most 15 MB a photo).`;
    else if (body.tooLargeTogether) errors.photos = "The photos came to more than 60 MB together. Please send fewer or smaller photos.";
    if (!parsed.ok || errors.photos) return { ok: false, status: 400, errors, values };
    const form = parsed.data;

    if (opened.state === "used") {
      const existing = await getReviewForRequest(deps.db, opened.request.id);
      if (!existing) throw new ReviewLinkError(410);
      await updateReviewByCustomer(deps.db, existing.id, { rating: form.rating, body: form.body, displayName: form.displayName, town: form.town }, now);
      if (existing.status === "published") await noteContentChanged(deps.db);
      logger.info({ reviewId: existing.id }, "review edited by the customer");
      return { ok: true, created: false };
    }

    const reviewId = uuidv7();
    const photos: NewReviewPhoto[] = [];
    try {
      for (const [position, photo] of body.photos.entries()) {
        let processed;
        try {
          processed = await processEnquiryPhoto(photo.file);
        } catch (error) {
          if (error instanceof ImageRejectedError) return { ok: false, status: 400, errors: { photos: `"${photo.name}": ${error.message}` }, values };
          if (error instanceof DecodeQueueFullError) return { ok: false, status: 503, errors: { form: "A lot of photos are arriving just now. Please wait a minute and send again." }, values };
          throw error;
        }
        const photoId = uuidv7();
        await storeCustomerPhoto(deps.storage, "reviews", reviewId, photoId, processed);
        photos.push({ id: photoId, position, width: processed.width, height: processed.height, size: processed.jpeg.length });
      }
      const created = await deps.db.transaction().execute(async (trx) => {
        if (!(await useSingleUseLink(trx, opened.link.id, REVIEW_EDIT_MS, now))) return false;
        const { request: job } = opened;
        await insertReview(
          trx,
          {
            id: reviewId,
            requestId: job.id,
            source: null,
            rating: form.rating,
            body: form.body,
            displayName: form.displayName,
            town: form.town,
            service: job.service,
            serviceName: job.serviceName,
            jobMonth: job.createdAt.slice(0, 7),
            status: "published",
            createdAt: now.toISOString(),
          },
          photos,
        );
        return true;
      });
      if (!created) {
        await deleteCustomerPhotos(deps.storage, "reviews", reviewId);
        return { ok: false, status: 409, errors: { form: "A review was already sent through this link. Open the link again to see or change it." }, values };
      }
    } catch (error) {
      await deleteCustomerPhotos(deps.storage, "reviews", reviewId).catch(() => {});
      throw error;
    }
    await noteContentChanged(deps.db);
    logger.info({ reviewId, photos: photos.length }, "review received");
    return { ok: true, created: true };
  } finally {
    await body.cleanup();
  }
}

function tempRoot(): string {
  return path.join(getEnv().dataDir, "enquiry-uploads");
}
