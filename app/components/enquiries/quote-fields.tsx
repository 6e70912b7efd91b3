import { useState } from "react";
import { type ServiceChoice, ServiceOptions } from "~/components/forms/service-options";
import { ENQUIRY_LIMITS, type EnquiryErrors, type EnquiryValues, OTHER_SERVICE, OTHER_SERVICE_NAME } from "~/lib/enquiry-form";

type FieldName = keyof EnquiryErrors & keyof EnquiryValues;

/** What each field needs: the values sent back with a refused post, and the messages to show beside them. */
type FieldState = { values: EnquiryValues; errors: EnquiryErrors };

// Each field is `quote-{name}`, its message `quote-{name}-error` and its hint, when it has one, `quote-{name}-help`.
const invalid = (errors: EnquiryErrors, name: FieldName) => (errors[name] ? " is-invalid" : "");
const describedBy = (name: FieldName, hint?: boolean) => [hint ? `quote-${name}-help` : "", `quote-${name}-error`].filter(Boolean).join(" ");

function FieldError({ name, errors }: { name: FieldName; errors: EnquiryErrors }) {
  return (
    <div id={`quote-${name}-error`} className="invalid-feedback">
      {errors[name]}
    </div>
  );
}

type InputProps = FieldState & {
  name: "name" | "email" | "phone" | "postcode";
  label: string;
  labelClassName: string;
  type: "text" | "email" | "tel";
  required?: boolean;
  maxLength: number;
  autoComplete: string;
  autoCapitalize?: string;
  /** The field has a hint, `quote-{name}-help`, that describes it too. */
  hint?: boolean;
};

function QuoteInput({ values, errors, name, label, labelClassName, hint, ...input }: InputProps) {
  return (
    <>
      <label htmlFor={`quote-${name}`} className={labelClassName}>
        {label}
      </label>
      <input
        id={`quote-${name}`}
        name={name}
        {...input}
        defaultValue={values[name]}
        className={`form-control${invalid(errors, name)}`}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={describedBy(name, hint)}
      />
      <FieldError name={name} errors={errors} />
    </>
  );
}

/** The quote form's fields before the photos: who is asking, how to reply, where the job is and what it is. */
export function QuoteFields({ values, errors, services, enhanced }: FieldState & { services: ServiceChoice[]; enhanced: boolean }) {
  const [descriptionLength, setDescriptionLength] = useState(values.description.length);
  const state = { values, errors };
  return (
    <>
      <div className="mb-3">
        <QuoteInput {...state} name="name" label="Your name" labelClassName="form-label" type="text" required maxLength={ENQUIRY_LIMITS.name} autoComplete="name" />
      </div>

      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">How can I reply?</legend>
        <p id="quote-email-help" className="form-text mt-0 mb-2">
          An e-mail address, a phone number or both.
        </p>
        <div className="row g-2">
          <div className="col-md-7">
            <QuoteInput {...state} name="email" label="E-mail" labelClassName="form-label small" type="email" maxLength={ENQUIRY_LIMITS.email} autoComplete="email" hint />
          </div>
          <div className="col-md-5">
            <QuoteInput {...state} name="phone" label="Phone" labelClassName="form-label small" type="tel" maxLength={ENQUIRY_LIMITS.phone} autoComplete="tel" />
          </div>
        </div>
      </fieldset>

      <div className="row g-2 mb-3">
        <div className="col-sm-5">
          <QuoteInput
            {...state}
            name="postcode"
            label="Postcode of the job"
            labelClassName="form-label"
            type="text"
            required
            maxLength={ENQUIRY_LIMITS.postcode + 10}
            autoComplete="postal-code"
            autoCapitalize="characters"
          />
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
            className={`form-select${invalid(errors, "service")}`}
            aria-invalid={Boolean(errors.service)}
            aria-describedby={describedBy("service")}
          >
            <option value="">Choose one…</option>
            <ServiceOptions services={services} />
            <option value={OTHER_SERVICE}>{OTHER_SERVICE_NAME}</option>
          </select>
          <FieldError name="service" errors={errors} />
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
          className={`form-control${invalid(errors, "description")}`}
          aria-invalid={Boolean(errors.description)}
          aria-describedby={describedBy("description", true)}
        />
        <div id="quote-description-help" className="form-text">
          What needs doing, roughly how big (a room, a wall, square metres) and when you would like it done.
          {enhanced ? ` ${descriptionLength.toLocaleString("en-GB")} of ${ENQUIRY_LIMITS.description.toLocaleString("en-GB")} characters.` : null}
        </div>
        <FieldError name="description" errors={errors} />
      </div>
    </>
  );
}

/** The consent box after the photos, with the privacy page opening in a new tab so nothing typed is lost. */
export function ConsentField({ values, errors }: FieldState) {
  return (
    <div className="form-check mb-3">
      <input
        id="quote-consent"
        name="consent"
        type="checkbox"
        value="yes"
        required
        defaultChecked={values.consent === "yes"}
        className={`form-check-input${invalid(errors, "consent")}`}
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
      <FieldError name="consent" errors={errors} />
    </div>
  );
}
