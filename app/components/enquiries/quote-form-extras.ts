// What the quote form needs once the person turns to it, and drawing the page does not: the checks (the schema, and
// zod with it), the upload, the proof of work's script and the list of chosen photos. Loaded on the first focus, tap
// or key in the form (load-quote-extras.ts), so the contact page's own script stays small.
import { ENQUIRY_LIMITS, type EnquiryErrors, isAcceptedPhoto } from "~/lib/enquiry-form";
import { parseEnquiryFields } from "~/lib/schemas/enquiry";
import type { PickedPhoto } from "./picked-photo";

export { PhotoList } from "./photo-list";
export { sendQuote } from "./send-quote";

/** ALTCHA's widget, in its CSP-friendly build: no inline workers or styles; the worker is a file of its own. */
export async function loadAltcha(): Promise<void> {
  const [, , worker] = await Promise.all([import("altcha/external"), import("altcha/altcha.css"), import("altcha/workers/pbkdf2?worker")]);
  const registry = (globalThis as unknown as { $altcha?: { algorithms: Map<string, () => Worker> } }).$altcha;
  registry?.algorithms.set("PBKDF2/SHA-256", () => new worker.default());
  await customElements.whenDefined("altcha-widget");
  // The upgraded widget sets itself up when it is next rendered.
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

/** The form's messages before anything is sent: the fields as the server checks them, then the photos. */
export function checkQuote(serviceIds: string[], fields: Record<string, string>, photos: PickedPhoto[]): EnquiryErrors {
  const parsed = parseEnquiryFields(serviceIds, fields);
  const errors: EnquiryErrors = parsed.ok ? {} : { ...parsed.errors };
  const photoProblem = photoErrors(photos);
  if (photoProblem) errors.photos = photoProblem;
  return errors;
}

function photoErrors(photos: PickedPhoto[]): string | undefined {
  const wrong = photos.find((p) => !isAcceptedPhoto(p.file));
  if (wrong) return `"${wrong.file.name}" is not a JPEG, PNG, WebP, AVIF, HEIC or GIF photo. Please remove it or send a JPEG copy.`;
  const large = photos.find((p) => p.file.size > ENQUIRY_LIMITS.photoBytes);
  if (large) return `"${large.file.name}" is larger than 15 MB. Please remove it or send a smaller copy.`;
  if (photos.length > ENQUIRY_LIMITS.photos) return `Please send at most ${ENQUIRY_LIMITS.photos} photos.`;
  if (photos.reduce((sum, p) => sum + p.file.size, 0) > ENQUIRY_LIMITS.photosBytes) return "The photos come to more than 60 MB together. Please remove some.";
  return undefined;
}

/** How far each photo has got, from the bytes sent so far: the photos are the end of the body, in order. */
export function photoProgress(photos: PickedPhoto[], loaded: number, total: number): number[] {
  let offset = total - photos.reduce((sum, p) => sum + p.file.size, 0);
  return photos.map((p) => {
    const done = Math.min(1, Math.max(0, (loaded - offset) / Math.max(1, p.file.size)));
    offset += p.file.size;
    return done;
  });
}
