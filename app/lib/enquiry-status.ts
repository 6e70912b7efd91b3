import type { ENQUIRY_STATUSES } from "./enquiry-form";

export type EnquiryStatusName = (typeof ENQUIRY_STATUSES)[number];

/** How the inbox names each status, and the badge colour it wears. */
export const STATUS_LABELS: Record<EnquiryStatusName, { label: string; badge: string }> = {
  new: { label: "New", badge: "primary" },
  replied: { label: "Replied", badge: "info" },
  won: { label: "Won", badge: "success" },
  lost: { label: "Lost", badge: "secondary" },
  closed: { label: "Closed", badge: "dark" },
};

export const enquiryTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/London" });
