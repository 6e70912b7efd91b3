import { readFile } from "node:fs/promises";
import path from "node:path";
import { type Challenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { FIXTURES_DIR, type FixtureName } from "../setup/images";

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
