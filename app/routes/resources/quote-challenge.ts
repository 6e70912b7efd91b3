import { createPowChallenge } from "~/server/enquiries/proof-of-work.server";

/**
 * GET /contact/challenge: a fresh proof-of-work challenge for the quote form's widget. Fetched by the browser, not
 * rendered into the page, so a cached copy of /contact never hands two people the same challenge.
 */
export async function loader() {
  return Response.json(await createPowChallenge(), { headers: { "Cache-Control": "no-store" } });
}
