import type * as QuoteFormExtras from "./quote-form-extras";

let extras: Promise<typeof QuoteFormExtras> | null = null;

/** The quote form's extras (quote-form-extras.ts), fetched once; after a failed fetch the next call tries again. */
export function loadQuoteExtras(): Promise<typeof QuoteFormExtras> {
  extras ??= import("./quote-form-extras").catch((error: unknown) => {
    extras = null;
    throw error;
  });
  return extras;
}
