// Reviews' plain facts, shared by the forms, the pages and the server (the schemas are in schemas/review.ts).

export const REVIEW_LIMITS = {
  bodyMin: 20,
  body: 1000,
  displayName: 60,
  town: 60,
  photos: 4,
  reply: 2000,
  source: 80,
  customerName: 100,
  job: 300,
} as const;

/** How long a link to ask for a review works, how long after answering the customer may edit, when the reminder goes. */
export const REVIEW_LINK_DAYS = 60;
export const REVIEW_EDIT_DAYS = 14;
export const REVIEW_REMINDER_DAYS = 7;

/** Photo types the review form offers: the quote form's, and iPhones' HEIC/HEIF (the shared pipeline converts them). */
export const REVIEW_PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif,image/heic,image/heif,.heic,.heif";

/**
 * The only reasons a review may be held back, as the published policy lists them. Anything else is published as
 * the customer wrote it.
 */
export const HOLD_REASONS = {
  offensive: "Offensive or abusive language",
  "personal-data": "Someone's personal details (an address, a phone number, a full name of someone else)",
  "not-about-job": "Not about the job that was done",
} as const;

export type HoldReason = keyof typeof HOLD_REASONS;
export const HOLD_REASON_IDS = Object.keys(HOLD_REASONS) as HoldReason[];

/** "Sam Tiler" → "Sam T.": the name a review shows unless the customer writes another. */
export function defaultDisplayName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "";
  const first = parts[0]!;
  const last = parts.length > 1 ? parts.at(-1)! : "";
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
}

export const RATING_LABELS = ["1 star", "2 stars", "3 stars", "4 stars", "5 stars"] as const;

const monthFormat = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-11" → "November 2026". */
export function formatJobMonth(month: string): string {
  const time = Date.parse(`${month}-01T00:00:00Z`);
  return Number.isNaN(time) ? month : monthFormat.format(new Date(time));
}

/** The average shown with reviews: one decimal, "4.5". */
export function formatAverage(average: number | null): string {
  return average === null ? "–" : average.toFixed(1);
}

/** The stars as text: "★★★★☆". */
export function starText(rating: number): string {
  return "★".repeat(rating) + "☆".repeat(5 - rating);
}
