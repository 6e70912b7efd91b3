import { randomInt } from "node:crypto";
import type { Transaction } from "kysely";
import type { Db } from "./client.server";
import type { Database, Enquiry, EnquiryPhoto, EnquiryStatus, MailStatus } from "./schema.server";

// Crockford's base 32 without the letters people misread (I, L, O, U).
const REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** Q- and eight characters: about 10^12 values, so a reference can be read out on the phone but not guessed. */
export function createReference(): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `Q-${code}`;
}

export const REFERENCE_PATTERN = /^Q-[0-9A-HJKMNP-TV-Z]{8}$/;

export type NewEnquiry = Omit<Enquiry, "status" | "notes" | "readAt" | "closedAt" | "updatedAt">;
export type NewEnquiryPhoto = Omit<EnquiryPhoto, "enquiryId" | "createdAt">;

export async function insertEnquiry(trx: Transaction<Database>, enquiry: NewEnquiry, photos: NewEnquiryPhoto[]): Promise<void> {
  await trx
    .insertInto("enquiry")
    .values({ ...enquiry, status: "new", notes: "", readAt: null, closedAt: null, updatedAt: enquiry.createdAt })
    .execute();
  if (photos.length > 0) {
    await trx
      .insertInto("enquiryPhoto")
      .values(photos.map((photo) => ({ ...photo, enquiryId: enquiry.id, createdAt: enquiry.createdAt })))
      .execute();
  }
}

export type EnquirySummary = Pick<Enquiry, "id" | "reference" | "name" | "postcode" | "serviceName" | "status" | "readAt" | "createdAt"> & {
  photoCount: number;
  /** The owner's notifications still waiting to go out (the SMTP server was down, say). */
  pendingMail: number;
  failedMail: number;
};

/** Newest first, optionally of one status; at most `limit`. */
export async function listEnquiries(db: Db, status: EnquiryStatus | null, limit = 200): Promise<EnquirySummary[]> {
  let query = db
    .selectFrom("enquiry")
    .select(["id", "reference", "name", "postcode", "serviceName", "status", "readAt", "createdAt"])
    .select((eb) => [
      eb.selectFrom("enquiryPhoto").select(eb.fn.countAll<number>().as("n")).whereRef("enquiryPhoto.enquiryId", "=", "enquiry.id").as("photoCount"),
      eb
        .selectFrom("mailOutbox")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("mailOutbox.enquiryId", "=", "enquiry.id")
        .where("mailOutbox.kind", "=", "enquiry-owner")
        .where("mailOutbox.status", "=", "pending")
        .as("pendingMail"),
      eb
        .selectFrom("mailOutbox")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("mailOutbox.enquiryId", "=", "enquiry.id")
        .where("mailOutbox.kind", "=", "enquiry-owner")
        .where("mailOutbox.status", "=", "failed")
        .as("failedMail"),
    ])
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit);
  if (status) query = query.where("status", "=", status);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    photoCount: Number(row.photoCount ?? 0),
    pendingMail: Number(row.pendingMail ?? 0),
    failedMail: Number(row.failedMail ?? 0),
  }));
}

export async function countUnreadEnquiries(db: Db): Promise<number> {
  const row = await db.selectFrom("enquiry").select((eb) => eb.fn.countAll<number>().as("n")).where("readAt", "is", null).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countEnquiriesByStatus(db: Db): Promise<Record<EnquiryStatus, number>> {
  const rows = await db.selectFrom("enquiry").select(["status", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("status").execute();
  const counts: Record<EnquiryStatus, number> = { new: 0, replied: 0, won: 0, lost: 0, closed: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

export type EnquiryMail = { id: string; kind: string; to: string; status: MailStatus; attempts: number; lastError: string | null; sentAt: string | null };

export type EnquiryDetail = Enquiry & { photos: EnquiryPhoto[]; mail: EnquiryMail[] };

export async function getEnquiry(db: Db, id: string): Promise<EnquiryDetail | null> {
  const enquiry = await db.selectFrom("enquiry").selectAll().where("id", "=", id).executeTakeFirst();
  if (!enquiry) return null;
  const photos = await db.selectFrom("enquiryPhoto").selectAll().where("enquiryId", "=", id).orderBy("position").execute();
  const mail = await db
    .selectFrom("mailOutbox")
    .select(["id", "kind", "to", "status", "attempts", "lastError", "sentAt"])
    .where("enquiryId", "=", id)
    .orderBy("createdAt")
    .execute();
  return { ...enquiry, photos, mail: mail.map((m) => ({ ...m, attempts: Number(m.attempts) })) };
}

export async function getEnquiryPhoto(db: Db, enquiryId: string, photoId: string): Promise<EnquiryPhoto | null> {
  return (await db.selectFrom("enquiryPhoto").selectAll().where("enquiryId", "=", enquiryId).where("id", "=", photoId).executeTakeFirst()) ?? null;
}

export async function markEnquiryRead(db: Db, id: string, now = new Date()): Promise<void> {
  await db.updateTable("enquiry").set({ readAt: now.toISOString() }).where("id", "=", id).where("readAt", "is", null).execute();
}

/** Sets the status; closing starts the retention clock, reopening stops it. */
export async function updateEnquiryStatus(db: Db, id: string, status: EnquiryStatus, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable("enquiry")
    .set((eb) => ({
      status,
      updatedAt: at,
      closedAt: status === "closed" ? eb.fn.coalesce("closedAt", eb.val(at)) : null,
    }))
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateEnquiryNotes(db: Db, id: string, notes: string, now = new Date()): Promise<boolean> {
  const result = await db.updateTable("enquiry").set({ notes, updatedAt: now.toISOString() }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the row (its photo rows and unsent mail go with it); the caller deletes the files afterwards. */
export async function deleteEnquiryRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("enquiry").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Closed enquiries whose retention has run out, oldest first. */
export async function listExpiredEnquiryIds(db: Db, retentionDays: number, now = new Date(), limit = 200): Promise<string[]> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000).toISOString();
  const rows = await db
    .selectFrom("enquiry")
    .select("id")
    .where("status", "=", "closed")
    .where("closedAt", "<", cutoff)
    .orderBy("closedAt")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function enquiryExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom("enquiry").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

/** Creation times since the given moment, for the dashboard's enquiries per week. */
export async function listEnquiryTimesSince(db: Db, since: Date): Promise<string[]> {
  const rows = await db.selectFrom("enquiry").select("createdAt").where("createdAt", ">=", since.toISOString()).execute();
  return rows.map((r) => r.createdAt);
}
