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
