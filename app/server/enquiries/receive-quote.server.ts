import { createHash } from "node:crypto";
import path from "node:path";
import { v7 as uuidv7 } from "uuid";
import {
  EMPTY_ENQUIRY_VALUES,
  ENQUIRY_LIMITS,
  type EnquiryErrors,
  type EnquiryValues,
  OTHER_SERVICE,
  OTHER_SERVICE_NAME,
} from "~/lib/enquiry-form";
import { parseEnquiryFields } from "~/lib/schemas/enquiry";
import { consumeRateLimit, releaseRateLimit } from "../auth/rate-limit.server";
import type { Db } from "../db/client.server";
import { type NewEnquiryPhoto, createReference, insertEnquiry } from "../db/enquiries.server";
import { getEnv } from "../env.server";
import { DecodeQueueFullError } from "../images/decode-queue.server";
import { ImageRejectedError } from "../images/inspect-upload.server";
import { logger } from "../logger.server";
import { enqueueMail } from "../mail/outbox.server";
import { getPublishedContent } from "../content/site-content.server";
import type { Storage } from "../storage/storage-contract.server";
import { deleteCustomerPhotos, processEnquiryPhoto, storeCustomerPhoto } from "./enquiry-photos.server";
import { enquiryMessages, listOwnerRecipients } from "./enquiry-mail.server";
import {
  FALLBACK_ANSWER_FIELD,
  HONEYPOT_FIELD,
  MAX_FORM_AGE_MS,
  STARTED_FIELD,
  checkFormTimestamp,
  fallbackChallengeId,
  fallbackQuestion,
  isFallbackAnswerRight,
  keepOrRenewTimestamp,
  readBrowserToken,
} from "./form-guard.server";
import { markChallengeUsed, releaseChallenge, verifyPow } from "./proof-of-work.server";
import { BodyTooLargeError, type QuoteBody, readQuoteBody } from "./quote-body.server";

/** The counter of enquiries from everyone together (ENQUIRY_LIMIT_SITE). */
const SITE_LIMIT_KEY = "enquiry:site";

/** The field the ALTCHA widget fills with its solved challenge. */
export const POW_FIELD = "altcha";

export type QuoteRefusal = {
  ok: false;
  status: 400 | 413 | 429 | 503;
  errors: EnquiryErrors;
  values: EnquiryValues;
  /** The form's timestamp to render again (kept while valid) and the question it implies for people without JavaScript. */
  started: string;
  question: string;
  /** Photos that came with the refused request; a page without JavaScript must ask for them again. */
  photosSent: number;
  /** The proof of work was the problem; the widget must solve a new challenge. */
  powRefused: boolean;
};

export type QuoteOutcome = { ok: true; reference: string; enquiryId: string } | QuoteRefusal;

export type QuoteDependencies = { db: Db; storage: Storage; ip: string; onSaved?: () => void; now?: () => number };

const WAIT_AND_RESEND = "That was sent quicker than a person can fill in the form. Please wait a moment and send again.";

function valuesFrom(fields: Record<string, string>): EnquiryValues {
  const values = { ...EMPTY_ENQUIRY_VALUES };
  for (const key of Object.keys(values) as (keyof EnquiryValues)[]) {
    values[key] = (fields[key] ?? "").slice(0, key === "description" ? ENQUIRY_LIMITS.description + 500 : 300);
  }
  return values;
}

/** The key under which a client address is rate-limited (quote and review forms): a keyed hash, so the table never holds addresses. */
export function addressKey(ip: string): string {
  return createHash("sha256").update(`${getEnv().authSecret}:${ip}`).digest("base64url").slice(0, 22);
}

function tempRoot(): string {
  return path.join(getEnv().dataDir, "enquiry-uploads");
}

/**
 * Receives one quote request, from the page's plain form post or from the enhanced form's upload alike. Every
 * check runs before anything is kept, cheapest first; nothing is written until all pass; then the photos are
 * stored and the enquiry, its photo rows and its mail are written in one transaction, before any mail is sent.
 *
 * The limits: the client's own (ENQUIRY_LIMIT_PER_IP) counts every post, before the body is read; the one for
 * everyone together (ENQUIRY_LIMIT_SITE) counts only posts that passed the proof of work or the question, so
 * empty or unsolved posts cannot close the form to customers. The solved challenge is marked used before any
 * photo is decoded, so copies of it sent at once cost one decode; when the refusal is the customer's own mistake
 * (a photo that is not a picture) or the server's (too busy), the challenge and the site-wide count are given back.
 */
export async function receiveQuote(request: Request, deps: QuoteDependencies): Promise<QuoteOutcome> {
  const now = deps.now?.() ?? Date.now();
  const env = getEnv();
  const hour = { windowSeconds: 60 * 60 };
  const siteLimit = { ...hour, max: env.enquiries.limitSite };
  const withinIp = await consumeRateLimit(deps.db, `enquiry:ip:${addressKey(deps.ip)}`, { ...hour, max: env.enquiries.limitPerIp }, now);

  let body: QuoteBody;
  try {
    // Over the limit, the fields are still read (the form comes back filled) but photos are not written anywhere.
    body = await readQuoteBody(request, tempRoot(), { keepFiles: withinIp });
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return refuse(413, { photos: `The photos came to more than ${ENQUIRY_LIMITS.photosBytes / 1024 / 1024} MB together. Please send fewer or smaller photos.` }, {}, now);
    }
    throw error;
  }
  try {
    return await check(body);
  } finally {
    await body.cleanup();
  }

  function refuse(status: QuoteRefusal["status"], errors: EnquiryErrors, fields: Record<string, string>, at: number, extra: Partial<QuoteRefusal> = {}): QuoteRefusal {
    const started = keepOrRenewTimestamp(fields[STARTED_FIELD] ?? "", at);
    return {
      ok: false,
      status,
      errors,
      values: valuesFrom(fields),
      started,
      question: fallbackQuestion(started).text,
      photosSent: 0,
      powRefused: false,
      ...extra,
    };
  }

  async function check(body: QuoteBody): Promise<QuoteOutcome> {
    const { fields } = body;
    const sent = { photosSent: body.photos.length + body.oversized.length };
    if (!withinIp) {
      const message = "Several enquiries have already come from your connection this hour. Please wait a while and send again, or ring instead.";
      return refuse(429, { form: message }, fields, now, sent);
    }
    if ((fields[HONEYPOT_FIELD] ?? "") !== "") {
      const { [HONEYPOT_FIELD]: _filled, ...rest } = fields;
      return refuse(400, { form: "A field that people leave empty was filled in (perhaps by your browser's autofill). Please check the form and send again." }, rest, now, sent);
    }
    const stamp = checkFormTimestamp(fields[STARTED_FIELD] ?? "", now);
    if (!stamp.ok) {
      const message =
        stamp.reason === "too-fast"
          ? WAIT_AND_RESEND
          : stamp.reason === "too-old"
            ? "This form was open for more than a day. Please check what you wrote and send again."
            : "The form was missing a part it needs. Please check what you wrote and send again.";
      return refuse(400, { form: message }, fields, now, sent);
    }

    const { services } = getPublishedContent();
    const parsed = parseEnquiryFields(services.map((s) => s.id), fields);
    const errors: EnquiryErrors = parsed.ok ? {} : { ...parsed.errors };
    if (body.oversized.length > 0) {
      errors.photos = `${body.oversized.map((n) => `"${n}"`).join(", ")} ${body.oversized.length === 1 ? "is" : "are"} larger than ${ENQUIRY_LIMITS.photoBytes / 1024 / 1024} MB. Please send a smaller copy.`;
    } else if (body.tooMany) {
      errors.photos = `Please send at most ${ENQUIRY_LIMITS.photos} photos.`;
    } else if (body.tooLargeTogether) {
      errors.photos = `The photos came to more than ${ENQUIRY_LIMITS.photosBytes / 1024 / 1024} MB together. Please send fewer or smaller photos.`;
    }
    if (!parsed.ok || errors.photos) return refuse(400, errors, fields, now, sent);

    // Proof of work from the widget, or the question for people without JavaScript.
    const token = fields[STARTED_FIELD]!;
    const pow = fields[POW_FIELD] ?? "";
    const answer = (fields[FALLBACK_ANSWER_FIELD] ?? "").trim();
    let challengeId: string;
    let challengeExpires: Date;
    if (pow !== "" || answer === "") {
      const result = await verifyPow(deps.db, pow);
      if (!result.ok) {
        const message =
          result.reason === "missing"
            ? "Please answer the question above the Send button, so I know a person is sending this, then send again."
            : result.reason === "expired"
              ? "The spam check ran out of time. It has started again: please wait until it says it is done, then send."
              : "The spam check did not pass. It has started again: please wait until it says it is done, then send.";
        return refuse(400, { form: message }, fields, now, { ...sent, powRefused: true });
      }
      challengeId = result.challengeId;
      challengeExpires = result.expiresAt;
    } else {
      if (!isFallbackAnswerRight(token, answer)) {
        return refuse(400, { form: "That answer to the question was not right. Please try the question again, then send." }, { ...fields, [FALLBACK_ANSWER_FIELD]: "" }, now, sent);
      }
      // Per browser: a kept /contact gives everyone the same timestamp, so the question alone cannot be one person's.
      challengeId = fallbackChallengeId(token, readBrowserToken(request.headers.get("cookie")));
      challengeExpires = new Date(stamp.startedAt + MAX_FORM_AGE_MS);
    }

    // Used from here on, before anything costly: of several copies sent at once, one goes on.
    if (!(await markChallengeUsed(deps.db, challengeId, challengeExpires))) {
      // A used question cannot be answered again: the form comes back with a new timestamp, so a new question.
      const again = challengeId.startsWith("fallback:") ? { ...fields, [STARTED_FIELD]: "", [FALLBACK_ANSWER_FIELD]: "" } : fields;
      return refuse(400, { form: "This form was already sent once. Please let the spam check run again (or answer the new question), then send." }, again, now, {
        ...sent,
        powRefused: true,
      });
    }
    /** Nothing of this post is kept: the customer may send it again with the same check, and it counts for nothing. */
    const giveBack = async () => {
      await releaseChallenge(deps.db, challengeId);
      await releaseRateLimit(deps.db, SITE_LIMIT_KEY, siteLimit, now);
    };
    if (!(await consumeRateLimit(deps.db, SITE_LIMIT_KEY, siteLimit, now))) {
      await giveBack();
      return refuse(429, { form: "A lot of enquiries are arriving just now. Please wait a few minutes and send again, or ring instead." }, fields, now, sent);
    }

    const id = uuidv7();
    const processed: NewEnquiryPhoto[] = [];
    const stored: { id: string; photo: Awaited<ReturnType<typeof processEnquiryPhoto>> }[] = [];
    for (const [position, photo] of body.photos.entries()) {
      try {
        const result = await processEnquiryPhoto(photo.file);
        const photoId = uuidv7();
        stored.push({ id: photoId, photo: result });
        processed.push({ id: photoId, position, originalName: photo.name, width: result.width, height: result.height, size: result.jpeg.length });
      } catch (error) {
        await giveBack();
        if (error instanceof ImageRejectedError) return refuse(400, { photos: `"${photo.name}": ${error.message}` }, fields, now, sent);
        if (error instanceof DecodeQueueFullError) {
          return refuse(503, { form: "A lot of photos are arriving just now. Please wait a minute and send again." }, fields, now, sent);
        }
        throw error;
      }
    }

    const { business } = getPublishedContent();
    const data = parsed.data;
    const serviceName = data.service === OTHER_SERVICE ? OTHER_SERVICE_NAME : (services.find((s) => s.id === data.service)?.name ?? data.service);
    const createdAt = new Date(now).toISOString();
    const enquiry = {
      id,
      reference: createReference(),
      name: data.name,
      email: data.email === "" ? null : data.email.toLowerCase(),
      phone: data.phone === "" ? null : data.phone,
      postcode: data.postcode,
      service: data.service,
      serviceName,
      description: data.description,
      createdAt,
    };
    try {
      for (const { id: photoId, photo } of stored) await storeCustomerPhoto(deps.storage, "enquiries", id, photoId, photo);
      await deps.db.transaction().execute(async (trx) => {
        await insertEnquiry(trx, enquiry, processed);
        const recipients = await listOwnerRecipients(trx, env.ownerEmail);
        const row = { ...enquiry, status: "new" as const, notes: "", readAt: null, closedAt: null, updatedAt: createdAt };
        await enqueueMail(trx, enquiryMessages(row, recipients, { businessName: business.name, businessEmail: business.email, publicUrl: env.publicUrl, photoNames: body.photos.map((p) => p.name) }), new Date(now));
      });
    } catch (error) {
      await deleteCustomerPhotos(deps.storage, "enquiries", id).catch(() => {});
      await giveBack().catch(() => {});
      throw error;
    }
    logger.info({ enquiryId: id, reference: enquiry.reference, photos: processed.length }, "enquiry received");
    deps.onSaved?.();
    return { ok: true, reference: enquiry.reference, enquiryId: id };
  }
}
