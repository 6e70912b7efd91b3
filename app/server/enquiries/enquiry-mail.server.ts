import type { Kysely } from "kysely";
import { isAdminRole } from "../auth/admin-role.server";
import type { Database, Enquiry } from "../db/schema.server";
import type { OutboxMessage } from "../mail/outbox.server";

/** OWNER_EMAIL when set; otherwise every verified admin. */
export async function listOwnerRecipients(db: Kysely<Database>, ownerEmail: string | undefined): Promise<string[]> {
  if (ownerEmail) return [ownerEmail];
  const users = await db.selectFrom("user").select(["email", "role", "emailVerified"]).where("role", "is not", null).execute();
  return users.filter((u) => isAdminRole(u.role) && Boolean(u.emailVerified)).map((u) => u.email);
}

/** businessEmail: the address on the contact page, where a customer's reply to the acknowledgement goes. */
type MailContext = { businessName: string; businessEmail: string; publicUrl: string; photoNames: string[] };

function summary(enquiry: Pick<Enquiry, "reference" | "name" | "email" | "phone" | "postcode" | "serviceName" | "description">, photoNames: string[]) {
  return [
    `Reference: ${enquiry.reference}`,
    `Name: ${enquiry.name}`,
    `E-mail: ${enquiry.email ?? "(not given)"}`,
    `Phone: ${enquiry.phone ?? "(not given)"}`,
    `Postcode: ${enquiry.postcode}`,
    `Kind of work: ${enquiry.serviceName}`,
    `Photos: ${photoNames.length === 0 ? "none" : photoNames.join(", ")}`,
    "",
    "Description:",
    enquiry.description,
  ].join("\n");
}

/**
 * The owner's notification (one per recipient) and, when the customer gave an e-mail address, their acknowledgement.
 * The acknowledgement goes to whatever address was typed, so it carries nothing that was typed (no name, no
 * description): only the reference and what happens next. It cannot relay anyone's words from the owner's domain.
 * Replies to it go to the business's own address (Reply-To), not to the no-reply sender.
 */
export function enquiryMessages(enquiry: Enquiry, recipients: string[], context: MailContext): OutboxMessage[] {
  const link = `${context.publicUrl}/manage/enquiries/${enquiry.id}`;
  const owner: OutboxMessage[] = recipients.map((to) => ({
    kind: "enquiry-owner",
    enquiryId: enquiry.id,
    to,
    replyTo: enquiry.email,
    subject: `New enquiry ${enquiry.reference}: ${enquiry.serviceName}, ${enquiry.postcode}`,
    text: [
      `${enquiry.name} asked for a quote through the website.`,
      "",
      summary(enquiry, context.photoNames),
      "",
      `Open it, with the photos: ${link}`,
    ].join("\n"),
  }));
  if (!enquiry.email) return owner;
  const customer: OutboxMessage = {
    kind: "enquiry-customer",
    enquiryId: enquiry.id,
    to: enquiry.email,
    replyTo: context.businessEmail,
    subject: `Your enquiry ${enquiry.reference} to ${context.businessName}`,
    text: [
      "Hello,",
      "",
      `Thank you for asking ${context.businessName} for a quote. Your enquiry arrived safely and its reference is ${enquiry.reference}.`,
      "I read every enquiry myself and reply within two working days, usually sooner, by e-mail or phone as you asked.",
      `If anything is urgent, or you want to add something, reply to this e-mail (it goes to ${context.businessEmail}) and quote the reference.`,
      "",
      "If you did not send an enquiry, someone typed your address by mistake: you need do nothing, and you will hear nothing more.",
      "",
      `How your details are kept: ${context.publicUrl}/privacy`,
    ].join("\n"),
  };
  return [...owner, customer];
}
