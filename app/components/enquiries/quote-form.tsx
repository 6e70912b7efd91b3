import { useHydrated } from "~/components/use-hydrated";
import type { EnquiryErrors, EnquiryValues } from "~/lib/enquiry-form";
import { loadQuoteExtras } from "./load-quote-extras";
import { PersonCheck } from "./person-check";
import { PhotoPicker } from "./photo-picker";
import { ConsentField, QuoteFields } from "./quote-fields";
import { useQuoteSend } from "./use-quote-send";

// Fetched while the person types (on the form's first focus), so a send seldom waits for the checks.
function loadExtrasEarly() {
  loadQuoteExtras().catch(() => {});
}

export type QuoteFormProps = {
  services: { id: string; name: string }[];
  values: EnquiryValues;
  errors: EnquiryErrors;
  started: string;
  question: string;
  /** Photos sent with a refused plain post, which the browser cannot put back. */
  photosSent: number;
};

/**
 * The quote request form. Without JavaScript it is a plain multipart post to /contact, which answers with the page
 * and its messages. Once interactive it checks the fields before sending, shows messages beside each field, keeps
 * photos as previews, and sends with progress bars to /contact/quote (use-quote-send.ts).
 */
export function QuoteForm({ services, values, errors: serverErrors, started: initialStarted, question, photosSent }: QuoteFormProps) {
  const enhanced = useHydrated();
  const send = useQuoteSend({ enhanced, serviceIds: services.map((s) => s.id), errors: serverErrors, started: initialStarted, question });
  const { errors, sending } = send;

  return (
    <form
      method="post"
      action="/contact"
      encType="multipart/form-data"
      noValidate={enhanced}
      onSubmit={send.onSubmit}
      onFocus={loadExtrasEarly}
      className="quote-form"
      aria-describedby={errors.form ? "quote-form-error" : undefined}
    >
      {errors.form || photosSent > 0 ? (
        <div id="quote-form-error" className="alert alert-warning" role="alert" tabIndex={-1}>
          {errors.form ? <p className="mb-0">{errors.form}</p> : null}
          {photosSent > 0 && !enhanced ? (
            <p className="mb-0 mt-1">
              Everything you typed is still here, but your browser cannot keep chosen photos: please choose your{" "}
              {photosSent === 1 ? "photo" : `${photosSent} photos`} again.
            </p>
          ) : null}
        </div>
      ) : null}

      <input type="hidden" name="started" value={send.started} />
      {/* People never see this field; software that fills in every field does. */}
      <div className="quote-extra" aria-hidden="true">
        <label htmlFor="quote-website">Leave this field empty</label>
        <input id="quote-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <QuoteFields values={values} errors={errors} services={services} enhanced={enhanced} />
      <PhotoPicker enhanced={enhanced} photos={send.photos} onChange={send.setPhotos} progress={send.progress} error={errors.photos} disabled={sending} />
      <ConsentField values={values} errors={errors} />
      <PersonCheck enhanced={enhanced} pow={send.pow} powUnavailable={send.powUnavailable} onPowUnavailable={send.onPowUnavailable} question={send.questionText} />

      <button type="submit" className="btn btn-primary btn-lg" disabled={sending}>
        {sending ? "Sending…" : "Send my enquiry"}
      </button>
    </form>
  );
}
