import { z } from "zod";
import { ENQUIRY_LIMITS, type EnquiryErrors, OTHER_SERVICE } from "../enquiry-form";
import { parseUkPostcode } from "../postcode";

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

const PHONE = /^\+?[0-9 ()-]{7,30}$/;

/** The typed fields of a quote request. serviceIds are the configured services; "other" is always allowed. */
export function enquiryFieldsSchema(serviceIds: readonly string[]) {
  return z
    .object({
      name: z.preprocess(
        text,
        z.string().min(1, "Please tell me your name").max(ENQUIRY_LIMITS.name, `Names can be at most ${ENQUIRY_LIMITS.name} characters`),
      ),
      email: z.preprocess(
        text,
        z
          .string()
          .max(ENQUIRY_LIMITS.email, "That e-mail address is too long")
          .refine((v) => v === "" || z.email().safeParse(v).success, "Please check the e-mail address, for example name@example.co.uk"),
      ),
      phone: z.preprocess(
        text,
        z.string().refine((v) => v === "" || (PHONE.test(v) && v.replace(/\D/g, "").length >= 7), "Please check the phone number, for example 07700 900123"),
      ),
      postcode: z.preprocess(
        text,
        z
          .string()
          .min(1, "Please give the postcode of the job")
          .max(ENQUIRY_LIMITS.postcode + 10, "Please check the postcode, for example PE1 1AA")
          .transform((v, ctx) => {
            const parsed = parseUkPostcode(v);
            if (!parsed) ctx.addIssue({ code: "custom", message: "Please check the postcode, for example PE1 1AA" });
            return parsed ?? v;
          }),
      ),
      service: z.preprocess(
        text,
        z.string().refine((v) => v === OTHER_SERVICE || serviceIds.includes(v), "Please choose the kind of work"),
      ),
      description: z.preprocess(
        (v) => (typeof v === "string" ? v.replace(/\r\n/g, "\n").trim() : ""),
        z
          .string()
          .min(1, "Please describe the job")
          .max(ENQUIRY_LIMITS.description, `Please keep the description to ${ENQUIRY_LIMITS.description.toLocaleString("en-GB")} characters`),
      ),
      consent: z.preprocess((v) => v === "yes" || v === "on" || v === true, z.literal(true, "Please tick the box to say you have read how your details are kept")),
  });
}

export type EnquiryFields = z.infer<ReturnType<typeof enquiryFieldsSchema>>;

const NO_CONTACT = "Please give an e-mail address or a phone number, so I can reply";

/**
 * Checks the typed fields; the form and the server share it. "E-mail or phone" is checked here, beside the schema,
 * so its message shows together with the other fields' messages rather than only once they are all right.
 */
export function parseEnquiryFields(
  serviceIds: readonly string[],
  input: Record<string, unknown>,
): { ok: true; data: EnquiryFields } | { ok: false; errors: EnquiryErrors } {
  const parsed = enquiryFieldsSchema(serviceIds).safeParse(input);
  const errors: EnquiryErrors = parsed.success ? {} : firstErrors(parsed.error.issues);
  if (text(input.email) === "" && text(input.phone) === "") errors.email ??= NO_CONTACT;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, data: parsed.data };
  return { ok: false, errors };
}

export function firstErrors(issues: readonly z.core.$ZodIssue[]): EnquiryErrors {
  const errors: EnquiryErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "form") as keyof EnquiryErrors;
    errors[key] ??= issue.message;
  }
  return errors;
}
