import { createHmac } from "node:crypto";
import { type Challenge, type Solution, createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { Db } from "../db/client.server";
import { getEnv } from "../env.server";

/**
 * Proof of work for the quote form (ALTCHA): the browser's widget fetches a signed challenge from
 * /contact/challenge, spends about a second of processor time finding the counter, and sends the result with the
 * form. Cheap for one person, expensive for a bot sending thousands. Each challenge is accepted once: its nonce is
 * written to the usedChallenge table, so a replay is refused on every instance that shares the database.
 */

/** PBKDF2 iterations per attempt, and the range the hidden counter is drawn from (about 0.3-1.5 s in a phone's browser). */
const COST = 1_000;
const COUNTER_RANGE = [1_000, 4_000] as const;
/** Long enough to fill in the form after the widget fetched its challenge. */
const CHALLENGE_LIFETIME_MS = 2 * 60 * 60 * 1000;

function secrets() {
  const key = (purpose: string) => createHmac("sha256", getEnv().authSecret).update(`altcha:${purpose}`).digest("hex");
  return { hmacSignatureSecret: key("challenge"), hmacKeySignatureSecret: key("key") };
}

export async function createPowChallenge(now = Date.now()): Promise<Challenge> {
  return createChallenge({
    algorithm: "PBKDF2/SHA-256",
    cost: COST,
    counter: randomInt(COUNTER_RANGE[0], COUNTER_RANGE[1]),
    deriveKey,
    expiresAt: new Date(now + CHALLENGE_LIFETIME_MS),
    ...secrets(),
  });
}

export type PowCheck =
  | { ok: true; challengeId: string; expiresAt: Date }
  | { ok: false; reason: "missing" | "invalid" | "expired" | "replayed" };

function parsePayload(payload: string): { challenge: Challenge; solution: Solution } | null {
  if (payload.length > 4096) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { challenge?: Challenge; solution?: Solution };
    if (!parsed?.challenge?.parameters || !parsed.solution) return null;
    return { challenge: parsed.challenge, solution: parsed.solution };
  } catch {
    return null;
  }
}

/**
 * Verifies the widget's payload and that its challenge was not used before. It does not mark it used: the caller
 * does that with markChallengeUsed before any costly step (decoding photos), so copies of one solution sent at once
 * cost one decode, and gives it back with releaseChallenge when the refusal is the person's own mistake.
 */
export async function verifyPow(db: Db, payload: string): Promise<PowCheck> {
  if (payload === "") return { ok: false, reason: "missing" };
  const parsed = parsePayload(payload);
  if (!parsed) return { ok: false, reason: "invalid" };
  let result;
  try {
    result = await verifySolution({ challenge: parsed.challenge, solution: parsed.solution, deriveKey, ...secrets() });
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (result.expired) return { ok: false, reason: "expired" };
  if (!result.verified) return { ok: false, reason: "invalid" };
  const expiresAt = new Date((parsed.challenge.parameters.expiresAt ?? 0) * 1000 || Date.now() + CHALLENGE_LIFETIME_MS);
  const challengeId = `pow:${parsed.challenge.parameters.nonce}`;
  const used = await db.selectFrom("usedChallenge").select("id").where("id", "=", challengeId).executeTakeFirst();
  return used ? { ok: false, reason: "replayed" } : { ok: true, challengeId, expiresAt };
}

/** Records a challenge as used; false when it already was (atomically, so two copies sent at once cannot both pass). */
export async function markChallengeUsed(db: Db, id: string, expiresAt: Date): Promise<boolean> {
  const result = await db
    .insertInto("usedChallenge")
    .values({ id, expiresAt: expiresAt.toISOString() })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Gives a challenge back after a refusal that was not about it (a photo that is not a picture, the server too
 * busy): the person sends again without solving a new one, and nothing was kept from this use.
 */
export async function releaseChallenge(db: Db, id: string): Promise<void> {
  await db.deleteFrom("usedChallenge").where("id", "=", id).execute();
}

/** Forgets challenges that have expired anyway: an expired one is refused for its age. */
export async function deleteExpiredChallenges(db: Db, now = new Date()): Promise<number> {
  const result = await db.deleteFrom("usedChallenge").where("expiresAt", "<", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
