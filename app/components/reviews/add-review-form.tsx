import { Form } from "react-router";
import { LabelledInput } from "~/components/forms/labelled-input";
import { type ServiceChoice, ServiceSelect } from "~/components/forms/service-options";
import { RATING_LABELS, REVIEW_LIMITS } from "~/lib/reviews";

/** The owner types in a review received elsewhere (a card, a text): shown with its source, never as a verified job. */
export function AddReviewForm({ services }: { services: ServiceChoice[] }) {
  return (
    <Form method="post" className="row g-2">
      <input type="hidden" name="intent" value="add" />
      <LabelledInput
        wrapperClassName="col-md-4"
        id="add-source"
        label="Where it came from"
        name="source"
        maxLength={REVIEW_LIMITS.source}
        required
        placeholder="A thank-you card"
      />
      <LabelledInput wrapperClassName="col-md-4" id="add-name" label="Name to show" name="displayName" maxLength={REVIEW_LIMITS.displayName} required />
      <LabelledInput wrapperClassName="col-md-4" id="add-town" label="Town" name="town" maxLength={REVIEW_LIMITS.town} />
      <div className="col-md-4">
        <label className="form-label" htmlFor="add-rating">
          Stars
        </label>
        <select id="add-rating" name="rating" className="form-select" required defaultValue="">
          <option value="" disabled>
            Choose…
          </option>
          {RATING_LABELS.map((label, i) => (
            <option key={label} value={i + 1}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="col-md-4">
        <ServiceSelect id="add-service" label="Service of the job" services={services} />
      </div>
      <LabelledInput wrapperClassName="col-md-4" id="add-month" label="Month of the job" name="month" type="month" required />
      <div className="col-12">
        <label className="form-label" htmlFor="add-body">
          The review, word for word
        </label>
        <textarea id="add-body" name="body" rows={3} minLength={REVIEW_LIMITS.bodyMin} maxLength={REVIEW_LIMITS.body} className="form-control" required />
      </div>
      <div className="col-12">
        <button type="submit" className="btn btn-outline-primary">
          Add review
        </button>
      </div>
    </Form>
  );
}
