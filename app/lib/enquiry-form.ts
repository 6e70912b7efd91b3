// The quote form's plain facts, shared by the form, the pages and the server, without the schema: the public pages
// take these, and load the schema (and zod with it) only when a form is checked (schemas/enquiry.ts).

/** The quote form's limits, shared by the form (which checks before sending) and the server (which decides). */
export const ENQUIRY_LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  postcode: 10,
  description: 5000,
  photos: 6,
  /** Per photo; a phone photo is 2-8 MB. */
  photoBytes: 15 * 1024 * 1024,
  /** All photos of one enquiry together. */
  photosBytes: 60 * 1024 * 1024,
} as const;

/** The value of the kind-of-work field for work that is not one of the listed services. */
export const OTHER_SERVICE = "other";
export const OTHER_SERVICE_NAME = "Something else";

/**
 * The photo types the form offers, by type and, for HEIC, by extension too: desktop browsers often give a .heic file
 * no type at all. The server converts HEIC itself, so an iPhone sends its photos as they are.
 */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif,image/heic,image/heif,.heic,.heif";

/** Whether a chosen file is one of PHOTO_ACCEPT's, by its type or its extension. */
export function isAcceptedPhoto(file: { name: string; type: string }): boolean {
  const accepted = PHOTO_ACCEPT.split(",");
  const extension = /\.[^.]+$/.exec(file.name.toLowerCase())?.[0];
  return accepted.includes(file.type) || (extension !== undefined && accepted.includes(extension));
}

export const ENQUIRY_STATUSES = ["new", "replied", "won", "lost", "closed"] as const;

/** What the person typed, sent back with the form on any refusal so nothing is lost. */
export type EnquiryValues = Record<"name" | "email" | "phone" | "postcode" | "service" | "description" | "consent", string>;

export const EMPTY_ENQUIRY_VALUES: EnquiryValues = { name: "", email: "", phone: "", postcode: "", service: "", description: "", consent: "" };

/** Field name to its first message. */
export type EnquiryErrors = Partial<Record<keyof EnquiryValues | "photos" | "form", string>>;
