import { z } from "zod";
import { HOLD_REASON_IDS, REVIEW_LIMITS } from "../reviews";

const text = (v: unknown) => (typeof v === "string" ? v.replace(/\r\n/g, "\n").trim() : "");
const PHONE = /^\+?[0-9 ()-]{7,30}$/;

const rating = z.preprocess((v) => (typeof v === "string" && v !== "" ? Number(v) : undefined), z.number({ error: "Please choose a rating from 1 to 5 stars" }).int().min(1).max(5));
const body = z.preprocess(
  text,
  z
    .string()
    .min(REVIEW_LIMITS.bodyMin, `Please write at least ${REVIEW_LIMITS.bodyMin} characters about the job`)
    .max(REVIEW_LIMITS.body, `Please keep the review to ${REVIEW_LIMITS.body.toLocaleString("en-GB")} characters`),
);
const displayName = z.preprocess(
  text,
  z.string().min(1, "Please give a name to show with the review").max(REVIEW_LIMITS.displayName, `Names can be at most ${REVIEW_LIMITS.displayName} characters`),
);
const town = z.preprocess(text, z.string().max(REVIEW_LIMITS.town, `The town can be at most ${REVIEW_LIMITS.town} characters`));

/** The customer's review form (first answer and edits alike). */
export const ReviewFormSchema = z.object({
  rating,
  body,
  displayName,
  town,
  consent: z.literal("yes", { error: "Please agree to the review being published, or it cannot be sent" }),
});
export type ReviewForm = z.infer<typeof ReviewFormSchema>;
export type ReviewFormErrors = Partial<Record<keyof ReviewForm | "photos" | "form", string>>;

export function parseReviewForm(fields: Record<string, string>): { ok: true; data: ReviewForm } | { ok: false; errors: ReviewFormErrors } {
  const parsed = ReviewFormSchema.safeParse(fields);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: ReviewFormErrors = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0]) as keyof ReviewFormErrors;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The owner's actions on /manage/reviews (and "Ask for a review" on an enquiry). */
export const ManageReviewSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("ask"),
    customerName: z.preprocess(text, z.string().min(1, "Please give the customer's name").max(REVIEW_LIMITS.customerName, `The customer's name can be at most ${REVIEW_LIMITS.customerName} characters`)),
    contact: z.preprocess(
      text,
      z
        .string()
        .min(1, "Please give the customer's e-mail address or mobile number")
        .refine((v) => z.email().safeParse(v).success || (PHONE.test(v) && v.replace(/\D/g, "").length >= 7), "Please give an e-mail address or a mobile number"),
    ),
    job: z.preprocess(text, z.string().min(1, "Please say what the job was").max(REVIEW_LIMITS.job, `Please say what the job was in at most ${REVIEW_LIMITS.job} characters`)),
    service: z.preprocess(text, z.string().min(1, "Please choose the service")),
    remind: z.string().optional(),
  }),
  z.object({ intent: z.literal("ask-enquiry"), remind: z.string().optional() }),
  z.object({ intent: z.literal("stop-reminder"), requestId: z.string().min(1) }),
  z.object({ intent: z.literal("hold"), reviewId: z.string().min(1), reason: z.enum(HOLD_REASON_IDS, { error: "Please choose a reason from the policy's list" }) }),
  z.object({ intent: z.literal("publish"), reviewId: z.string().min(1) }),
  z.object({
    intent: z.literal("reply"),
    reviewId: z.string().min(1),
    reply: z.preprocess(text, z.string().max(REVIEW_LIMITS.reply, `A reply can be at most ${REVIEW_LIMITS.reply} characters`)),
  }),
  z.object({
    intent: z.literal("add"),
    source: z.preprocess(text, z.string().min(1, "Please say where the review came from").max(REVIEW_LIMITS.source, `Where it came from can be at most ${REVIEW_LIMITS.source} characters`)),
    rating,
    body,
    displayName,
    town,
    service: z.preprocess(text, z.string().min(1, "Please choose the service")),
    month: z.preprocess(text, z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Please give the month of the job")),
  }),
]);
export type ManageReviewAction = z.infer<typeof ManageReviewSchema>;
