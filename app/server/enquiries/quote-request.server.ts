import type { RouterContextProvider } from "react-router";
import { getDb } from "../db/client.server";
import { clientIpContext } from "../http/request-context.server";
import { getStorage } from "../storage/storage.server";
import { wakeOutbox } from "./enquiry-jobs.server";
import { type QuoteOutcome, receiveQuote } from "./receive-quote.server";
import { NotAFormError } from "./quote-body.server";

/** The quote form's action, shared by the page's plain post and the enhanced form's upload. */
export async function handleQuoteRequest(request: Request, context: Readonly<RouterContextProvider>): Promise<QuoteOutcome> {
  try {
    return await receiveQuote(request, { db: getDb(), storage: await getStorage(), ip: context.get(clientIpContext), onSaved: wakeOutbox });
  } catch (error) {
    if (error instanceof NotAFormError) throw new Response("Please send the quote form.", { status: 400 });
    throw error;
  }
}
