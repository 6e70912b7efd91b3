import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useHydrated } from "~/components/use-hydrated";
import { ENQUIRY_LIMITS, type EnquiryErrors, type EnquiryValues, OTHER_SERVICE, OTHER_SERVICE_NAME } from "~/lib/enquiry-form";
import { type PickedPhoto, PhotoPicker } from "./photo-picker";
import { type PowHandle, PowWidget } from "./pow-widget";
import { loadQuoteExtras } from "./load-quote-extras";

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

const FIELD_ORDER = ["name", "email", "phone", "postcode", "service", "description", "photos", "consent"] as const;

/**
 * The quote request form. Without JavaScript it is a plain multipart post to /contact, which answers with the page
 * and its messages. Once interactive it checks the fields before sending, shows messages beside each field, keeps
 * photos as previews, and sends with progress bars to /contact/quote; nothing typed is lost on any refusal.
 */
export function QuoteForm({ services, values, errors: serverErrors, started: initialStarted, question, photosSent }: QuoteFormProps) {
  const enhanced = useHydrated();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const pow = useRef<PowHandle | null>(null);
  const [errors, setErrors] = useState<EnquiryErrors>(serverErrors);
  const [started, setStarted] = useState(initialStarted);
  const [questionText, setQuestionText] = useState(question);
  const [powUnavailable, setPowUnavailable] = useState(false);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [progress, setProgress] = useState<number[] | null>(null);
  const [sending, setSending] = useState(false);
  const [descriptionLength, setDescriptionLength] = useState(values.description.length);
  const photosRef = useRef(photos);
  useEffect(() => {
    photosRef.current = photos;
  }, [photos]);
  useEffect(() => () => photosRef.current.forEach((p) => URL.revokeObjectURL(p.preview)), []);
  const onPowUnavailable = useCallback(() => setPowUnavailable(true), []);

  const showErrors = (next: EnquiryErrors) => {
    setErrors(next);
    const first = FIELD_ORDER.find((name) => next[name]);
    requestAnimationFrame(() => {
      if (first) document.getElementById(`quote-${first}`)?.focus();
      else if (next.form) document.getElementById("quote-form-error")?.focus();
    });
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    if (!enhanced) return;
    event.preventDefault();
    if (sending) return;
    const body = new FormData(event.currentTarget);
    const fields = Object.fromEntries([...body].filter(([, v]) => typeof v === "string")) as Record<string, string>;
    let submit: Awaited<ReturnType<typeof loadQuoteExtras>>;
    try {
      submit = await loadQuoteExtras();
    } catch {
      return showErrors({ form: "The form could not get ready to send. Please check your signal and send again; nothing you typed is lost." });
    }
    const next = submit.checkQuote(services.map((s) => s.id), fields, photos);
    if (Object.keys(next).length > 0) return showErrors(next);

    setSending(true);
    setErrors({});
    try {
      if (!powUnavailable) {
        const payload = await pow.current?.solve();
        if (payload) body.set("altcha", payload);
      }
      for (const photo of photos) body.append("photos", photo.file, photo.file.name);
      setProgress(photos.map(() => 0));
      const result = await submit.sendQuote(body, (loaded, total) => setProgress(submit.photoProgress(photos, loaded, total)));
      if (result.ok) {
        navigate(`/contact/thanks?ref=${encodeURIComponent(result.reference)}`);
        return;
      }
      setStarted(result.started);
      setQuestionText(result.question);
      if (result.powRefused) pow.current?.reset();
      showErrors(result.errors);
    } catch (error) {
      showErrors({ form: (error as Error).message });
    } finally {
      setSending(false);
      setProgress(null);
    }
  };

  const invalid = (name: keyof EnquiryErrors) => (errors[name] ? " is-invalid" : "");
  const describedBy = (name: string, hint?: boolean) => [hint ? `quote-${name}-help` : "", `quote-${name}-error`].filter(Boolean).join(" ");
  const fieldError = (name: keyof EnquiryErrors) => (
    <div id={`quote-${name}-error`} className="invalid-feedback">
      {errors[name]}
    </div>
  );

  return (
    <form
      ref={form}
      method="post"
      action="/contact"
      encType="multipart/form-data"
      noValidate={enhanced}
      onSubmit={onSubmit}
      // Fetched while the person types, so checking the form on send does not wait for it.
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

      <input type="hidden" name="started" value={started} />
      {/* People never see this field; software that fills in every field does. */}
      <div className="quote-extra" aria-hidden="true">
        <label htmlFor="quote-website">Leave this field empty</label>
        <input id="quote-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <div className="mb-3">
        <label htmlFor="quote-name" className="form-label">
          Your name
        </label>
        <input
          id="quote-name"
          name="name"
          type="text"
          required
          maxLength={ENQUIRY_LIMITS.name}
          autoComplete="name"
          defaultValue={values.name}
          className={`form-control${invalid("name")}`}
          aria-invalid={Boolean(errors.name)}
          aria-describedby={describedBy("name")}
        />
        {fieldError("name")}
      </div>

      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">How can I reply?</legend>
        <p id="quote-email-help" className="form-text mt-0 mb-2">
          An e-mail address, a phone number or both.
        </p>
        <div className="row g-2">
          <div className="col-md-7">
            <label htmlFor="quote-email" className="form-label small">
              E-mail
            </label>
            <input
              id="quote-email"
              name="email"
              type="email"
              maxLength={ENQUIRY_LIMITS.email}
              autoComplete="email"
              defaultValue={values.email}
              className={`form-control${invalid("email")}`}
              aria-invalid={Boolean(errors.email)}
              aria-describedby={describedBy("email", true)}
            />
            {fieldError("email")}
          </div>
          <div className="col-md-5">
            <label htmlFor="quote-phone" className="form-label small">
              Phone
            </label>
            <input
              id="quote-phone"
              name="phone"
              type="tel"
              maxLength={ENQUIRY_LIMITS.phone}
              autoComplete="tel"
              defaultValue={values.phone}
              className={`form-control${invalid("phone")}`}
              aria-invalid={Boolean(errors.phone)}
              aria-describedby={describedBy("phone")}
            />
            {fieldError("phone")}
          </div>
        </div>
      </fieldset>

      <div className="row g-2 mb-3">
        <div className="col-sm-5">
          <label htmlFor="quote-postcode" className="form-label">
            Postcode of the job
          </label>
          <input
            id="quote-postcode"
            name="postcode"
            type="text"
            required
            maxLength={ENQUIRY_LIMITS.postcode + 10}
            autoComplete="postal-code"
            autoCapitalize="characters"
            defaultValue={values.postcode}
            className={`form-control${invalid("postcode")}`}
            aria-invalid={Boolean(errors.postcode)}
            aria-describedby={describedBy("postcode")}
          />
          {fieldError("postcode")}
        </div>
        <div className="col-sm-7">
          <label htmlFor="quote-service" className="form-label">
            Kind of work
          </label>
          <select
            id="quote-service"
            name="service"
            required
            defaultValue={values.service}
            className={`form-select${invalid("service")}`}
            aria-invalid={Boolean(errors.service)}
            aria-describedby={describedBy("service")}
          >
            <option value="">Choose one…</option>
            {services.map((service) => (
              <option key={service.id} value={service.id}>
                {service.name}
              </option>
            ))}
            <option value={OTHER_SERVICE}>{OTHER_SERVICE_NAME}</option>
          </select>
          {fieldError("service")}
        </div>
      </div>

      <div className="mb-3">
        <label htmlFor="quote-description" className="form-label">
          About the job
        </label>
        <textarea
          id="quote-description"
          name="description"
          required
          rows={6}
          maxLength={ENQUIRY_LIMITS.description}
          defaultValue={values.description}
          onChange={(event) => setDescriptionLength(event.currentTarget.value.length)}
          className={`form-control${invalid("description")}`}
          aria-invalid={Boolean(errors.description)}
          aria-describedby={describedBy("description", true)}
        />
        <div id="quote-description-help" className="form-text">
          What needs doing, roughly how big (a room, a wall, square metres) and when you would like it done.
          {enhanced ? ` ${descriptionLength.toLocaleString("en-GB")} of ${ENQUIRY_LIMITS.description.toLocaleString("en-GB")} characters.` : null}
        </div>
        {fieldError("description")}
      </div>

      <PhotoPicker enhanced={enhanced} photos={photos} onChange={setPhotos} progress={progress} error={errors.photos} disabled={sending} />

      <div className="form-check mb-3">
        <input
          id="quote-consent"
          name="consent"
          type="checkbox"
          value="yes"
          required
          defaultChecked={values.consent === "yes"}
          className={`form-check-input${invalid("consent")}`}
          aria-invalid={Boolean(errors.consent)}
          aria-describedby={describedBy("consent")}
        />
        <label htmlFor="quote-consent" className="form-check-label">
          I have read{" "}
          <a href="/privacy" target="_blank" rel="noopener">
            how my details and photos are kept<span className="visually-hidden"> (opens in a new tab)</span>
          </a>{" "}
          and am happy for them to be used to reply to me.
        </label>
        {fieldError("consent")}
      </div>

      {enhanced && !powUnavailable ? <PowWidget handleRef={pow} onUnavailable={onPowUnavailable} /> : null}
      {/* The widget's place, kept from the first paint (public.css), so the send button stays where it is. */}
      {!enhanced ? <div className="quote-pow mb-3" aria-hidden="true" /> : null}
      {enhanced && powUnavailable ? <FallbackQuestion question={questionText} /> : null}
      {/* Without JavaScript the proof of work cannot run; a question a person can answer stands in for it. The
          stylesheet, empty and never kept, gives this browser its own value, so the question of a page that is the
          same for everyone is used once per browser (form-guard.server). */}
      {!enhanced ? (
        <noscript>
          <link rel="stylesheet" href="/contact/browser-check.css" />
          <FallbackQuestion question={questionText} />
        </noscript>
      ) : null}

      <button type="submit" className="btn btn-primary btn-lg" disabled={sending}>
        {sending ? "Sending…" : "Send my enquiry"}
      </button>
    </form>
  );
}

function FallbackQuestion({ question }: { question: string }) {
  return (
    <div className="mb-3">
      <label htmlFor="quote-check" className="form-label">
        A quick check that you are a person: {question}
      </label>
      <input id="quote-check" name="check" type="text" inputMode="numeric" autoComplete="off" maxLength={4} className="form-control quote-check" />
    </div>
  );
}
