import { handleQuoteRequest } from "~/server/enquiries/quote-request.server";
import type { Route } from "./+types/quote";

/**
 * POST /contact/quote: the enhanced quote form sends here with XMLHttpRequest, for upload progress, and gets JSON:
 * { ok: true, reference } or the refusal with its field errors. Without JavaScript the form posts to /contact.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await handleQuoteRequest(request, context);
  return Response.json(outcome, { status: outcome.ok ? 200 : outcome.status, headers: { "Cache-Control": "no-store" } });
}
