import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database, SingleUseLink } from "../db/schema.server";
import { getEnv } from "../env.server";

/**
 * Single-use links: a token of 256 random bits in a URL, for one purpose (a review, later perhaps a document to
 * sign), valid until it expires. Only the token's SHA-256 is stored, so a copy of the database (or a backup)
 * holds no working link. A link is used once; its user may then keep it open for a while (a review stays
 * editable for 14 days), after which it is closed for good.
 *
 * When the owner must be able to show or send the link again later (a reminder), the token is also kept sealed
 * with AES-256-GCM under a key derived from the site's secret; the database alone does not open it.
 */

const TOKEN_BYTES = 32;
/** base64url of 32 bytes: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type LinkState = "open" | "used" | "closed" | "expired";

export type FoundLink = { link: SingleUseLink; state: LinkState };

type Db = Kysely<Database> | Transaction<Database>;

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("base64url");
}

function sealKey(): Buffer {
  return Buffer.from(hkdfSync("sha256", getEnv().authSecret, "single-use-link", "seal-token", 32));
}

export function sealToken(token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(), iv);
  const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(".");
}

/** The token, or null when it was sealed under another secret (a backup restored elsewhere) or is damaged. */
export function openSealedToken(sealed: string): string | null {
  const [iv, tag, data] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealKey(), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

export type NewLink = { purpose: string; validForMs: number; keepSealed?: boolean };

/** Creates a link; the returned token is the only time it exists in the clear (unless kept sealed). */
export async function createSingleUseLink(db: Db, input: NewLink, now = new Date()): Promise<{ id: string; token: string; expiresAt: string }> {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + input.validForMs).toISOString();
  await db
    .insertInto("singleUseLink")
    .values({
      id,
      purpose: input.purpose,
      tokenHash: hashToken(token),
      sealedToken: input.keepSealed ? sealToken(token) : null,
      expiresAt,
      usedAt: null,
      closesAt: null,
      createdAt: now.toISOString(),
    })
    .execute();
  return { id, token, expiresAt };
}

export function linkState(link: Pick<SingleUseLink, "expiresAt" | "usedAt" | "closesAt">, now = new Date()): LinkState {
  const at = now.toISOString();
  if (link.usedAt) return link.closesAt && link.closesAt > at ? "used" : "closed";
  return link.expiresAt > at ? "open" : "expired";
}

/** The link a token names, for that purpose, with its state; null for a token that names none. */
export async function findSingleUseLink(db: Db, purpose: string, token: string, now = new Date()): Promise<FoundLink | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const link = await db.selectFrom("singleUseLink").selectAll().where("tokenHash", "=", hashToken(token)).where("purpose", "=", purpose).executeTakeFirst();
  return link ? { link, state: linkState(link, now) } : null;
}

/**
 * Uses an open link, atomically: true for the one caller that found it open (a second use at the same moment gets
 * false). It stays open for `keepOpenMs` afterwards (0: closed at once).
 */
export async function useSingleUseLink(db: Db, id: string, keepOpenMs: number, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable("singleUseLink")
    .set({ usedAt: at, closesAt: new Date(now.getTime() + keepOpenMs).toISOString() })
    .where("id", "=", id)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
