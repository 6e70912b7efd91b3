import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getEnv } from "../env.server";

/**
 * The quote form's cheap spam checks that need no database: a honeypot field, a signed timestamp of when the form
 * was rendered, and the question people without JavaScript answer instead of the proof of work. The timestamp is
 * the only per-render value in the page; a cached copy of /contact up to a minute old only makes it a minute older,
 * which the checks below tolerate.
 *
 * A kept copy of /contact is the same for everyone, so its timestamp and question are too. What makes an answered
 * question one browser's, used once, is a signed random value in a cookie of its own (BROWSER_COOKIE), which a
 * tiny resource that is never kept (/contact/browser-check.css, fetched only without JavaScript) hands out.
 */

/** A text field people never see or fill; bots that fill every field give themselves away. */
export const HONEYPOT_FIELD = "website";
export const STARTED_FIELD = "started";
export const FALLBACK_ANSWER_FIELD = "check";

/** Quicker than this from rendering to sending is not a person typing. */
export const MIN_FILL_MS = 3_000;
/** A form older than this is refused; the page that comes back carries a fresh one. */
export const MAX_FORM_AGE_MS = 24 * 60 * 60 * 1000;

function secret(purpose: string): Buffer {
  return createHmac("sha256", getEnv().authSecret).update(`enquiry-form:${purpose}`).digest();
}

function sign(purpose: string, value: string): string {
  return createHmac("sha256", secret(purpose)).update(value).digest("base64url").slice(0, 32);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** "1766000000000.signature": when the form was rendered, signed so it cannot be forged or moved. */
export function createFormTimestamp(now = Date.now()): string {
  return `${now}.${sign("started", String(now))}`;
}

export type TimestampCheck = { ok: true; startedAt: number } | { ok: false; reason: "missing" | "too-fast" | "too-old" };

export function checkFormTimestamp(token: string, now = Date.now()): TimestampCheck {
  const match = /^(\d{13})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match || !sameText(sign("started", match[1]!), match[2]!)) return { ok: false, reason: "missing" };
  const startedAt = Number(match[1]);
  if (now - startedAt < MIN_FILL_MS) return { ok: false, reason: "too-fast" };
  if (now - startedAt > MAX_FORM_AGE_MS) return { ok: false, reason: "too-old" };
  return { ok: true, startedAt };
}

/** A still-valid timestamp is kept when the form comes back, so "wait a moment and send again" works. */
export function keepOrRenewTimestamp(token: string, now = Date.now()): string {
  const check = checkFormTimestamp(token, now);
  return check.ok || check.reason === "too-fast" ? token : createFormTimestamp(now);
}

export type FallbackQuestion = { text: string; answer: number };

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

/**
 * The question for people without JavaScript, derived from the form's signed timestamp: nothing else per-request
 * is needed in the page, and the answer is never in it. "What is three plus nine?"
 */
export function fallbackQuestion(timestampToken: string): FallbackQuestion {
  const digest = createHmac("sha256", secret("question")).update(timestampToken).digest();
  const a = 2 + (digest[0]! % 10);
  const b = 2 + (digest[1]! % 10);
  return { text: `What is ${NUMBER_WORDS[a]} plus ${NUMBER_WORDS[b]}? Please answer in figures.`, answer: a + b };
}

export function isFallbackAnswerRight(timestampToken: string, answer: string): boolean {
  const given = answer.trim().replace(/\.$/, "");
  return /^\d{1,3}$/.test(given) && Number(given) === fallbackQuestion(timestampToken).answer;
}

/** The cookie that tells one browser without JavaScript from another, for the question's one use. */
export const BROWSER_COOKIE = "quote_browser";

/** "random.signature": a browser's own value, signed so a client cannot pick one. */
export function createBrowserToken(): string {
  const value = randomBytes(16).toString("base64url");
  return `${value}.${sign("browser", value)}`;
}

/** The browser's own value from its Cookie header, or null when there is none or it is not one this site signed. */
export function readBrowserToken(cookieHeader: string | null): string | null {
  for (const part of (cookieHeader ?? "").split(/;\s*/)) {
    if (!part.startsWith(`${BROWSER_COOKIE}=`)) continue;
    const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{32})$/.exec(part.slice(BROWSER_COOKIE.length + 1));
    if (match && sameText(sign("browser", match[1]!), match[2]!)) return match[0];
  }
  return null;
}

/**
 * An id for the used-challenge table, so one answered question is accepted once from each browser: the form's
 * timestamp and, when the browser has one, its own value (a kept page gives everyone the same timestamp).
 */
export function fallbackChallengeId(timestampToken: string, browserToken: string | null = null): string {
  if (!browserToken) return `fallback:${timestampToken.slice(-32)}`;
  return `fallback:${createHash("sha256").update(`${timestampToken}|${browserToken}`).digest("base64url").slice(0, 32)}`;
}
