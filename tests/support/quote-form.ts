import { readFile } from "node:fs/promises";
import path from "node:path";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { FIXTURES_DIR, type FixtureName } from "../setup/images";
import type { HttpClient } from "./http-client";

/** The typed fields of a good quote request; override any of them. */
export function quoteFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    name: "Jo Bloggs",
    email: "jo@customer.test",
    phone: "",
    postcode: "pe1 1aa",
    service: "plastering",
    description: "The back bedroom ceiling needs skimming, about 12 square metres.",
    consent: "yes",
    website: "",
    ...overrides,
  };
}

/** Solves a challenge as the browser's widget would and returns the form field's value. */
export async function solvePow(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the challenge");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** A multipart body as a browser sends it: the fields first, then the photos. */
export async function quoteBody(fields: Record<string, string>, photos: FixtureName[] = []): Promise<FormData> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const photo of photos) {
    body.append("photos", new Blob([await readFile(path.join(FIXTURES_DIR, photo))], { type: "image/jpeg" }), photo);
  }
  return body;
}

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** What a browser holds before sending: the form's signed timestamp from /contact and a solved proof of work. */
export async function startQuote(visitor: HttpClient): Promise<{ started: string; altcha: string }> {
  const page = await (await visitor.get("/contact")).text();
  const started = /name="started" value="([^"]+)"/.exec(page)?.[1];
  if (!started) throw new Error("no form timestamp in /contact");
  const challenge = await (await visitor.get("/contact/challenge")).json();
  return { started, altcha: await solvePow(challenge) };
}

/** The quote form posted as a browser without JavaScript posts it: multipart, to /contact, not followed. */
export async function postQuote(baseURL: string, fields: Record<string, string>, photos: FixtureName[] = [], headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseURL}/contact`, {
    method: "POST",
    body: await quoteBody(fields, photos),
    headers: { origin: baseURL, "user-agent": BROWSER, ...headers },
    redirect: "manual",
  });
}

/** Waits out the form's minimum fill time (3 s), as a person typing would. */
export function waitToSend(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 3_100));
}

const decode = (text: string) =>
  text.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

/** What the quote form in a page holds, as the browser would show it: the values a refusal must give back. */
export function readQuoteForm(html: string): Record<string, string> {
  const tag = (id: string) => new RegExp(`<input[^>]*id="quote-${id}"[^>]*>`).exec(html)?.[0] ?? "";
  const input = (id: string) => decode(/ value="([^"]*)"/.exec(tag(id))?.[1] ?? "");
  const select = /<select[^>]*id="quote-service"[\s\S]*?<\/select>/.exec(html)?.[0] ?? "";
  return {
    name: input("name"),
    email: input("email"),
    phone: input("phone"),
    postcode: input("postcode"),
    service: /<option value="([^"]*)" selected=""/.exec(select)?.[1] ?? "",
    description: decode(/<textarea[^>]*id="quote-description"[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1] ?? ""),
    consent: / checked=""/.test(tag("consent")) ? "yes" : "",
  };
}

/** The fields of a quote a person typed (not the hidden ones), to compare with readQuoteForm. */
export function typedFields(fields: Record<string, string>): Record<string, string> {
  const { name = "", email = "", phone = "", postcode = "", service = "", description = "", consent = "" } = fields;
  return { name, email, phone, postcode, service, description, consent };
}
