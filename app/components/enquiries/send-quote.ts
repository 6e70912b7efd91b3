import type { EnquiryErrors, EnquiryValues } from "~/lib/enquiry-form";

/** What /contact/quote answers (the server's QuoteOutcome, as JSON). */
export type QuoteResponse =
  | { ok: true; reference: string }
  | { ok: false; status: number; errors: EnquiryErrors; values: EnquiryValues; started: string; question: string; powRefused: boolean };

/**
 * Sends the form with XMLHttpRequest rather than fetch, because only XHR reports upload progress. Progress is
 * reported in bytes sent of the whole body.
 */
export function sendQuote(body: FormData, onProgress: (loaded: number, total: number) => void): Promise<QuoteResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/contact/quote");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      const response = xhr.response as QuoteResponse | null;
      if (response && typeof response === "object" && "ok" in response) resolve(response);
      else if (xhr.status === 413) reject(new Error("The photos were too large to send together. Please choose fewer or smaller photos."));
      else reject(new Error("The enquiry could not be sent. Please try again in a moment."));
    };
    xhr.onerror = () => reject(new Error("The connection dropped while sending. Please check your signal and send again; nothing you typed is lost."));
    xhr.send(body);
  });
}
