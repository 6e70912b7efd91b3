import { Form } from "react-router";
import { type ServiceChoice, ServiceSelect } from "~/components/forms/service-options";
import { RATING_LABELS, REVIEW_LIMITS } from "~/lib/reviews";

/** The owner types in a review received elsewhere (a card, a text): shown with its source, never as a verified job. */
export function AddReviewForm({ services }: { services: ServiceChoice[] }) {
  return (
    <Form method="post" className="row g-2">
      <input type="hidden" name="intent" value="add" />
      <div className="col-md-4">
        <label className="form-label" htmlFor="add-source">
          Where it came from
        </label>
        <input id="add-source" name="source" className="form-control" maxLength={REVIEW_LIMITS.source} required placeholder="A thank-you card" />
      </div>
      <div className="col-md-4">
        <label className="form-label" htmlFor="add-name">
          Name to show
        </label>
        <input id="add-name" name="displayName" className="form-control" maxLength={REVIEW_LIMITS.displayName} required />
      </div>
      <div className="col-md-4">
        <label className="form-label" htmlFor="add-town">
          Town
        </label>
        <input id="add-town" name="town" className="form-control" maxLength={REVIEW_LIMITS.town} />
      </div>
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
      <div className="col-md-4">
        <label className="form-label" htmlFor="add-month">
          Month of the job
        </label>
        <input id="add-month" name="month" type="month" className="form-control" required />
      </div>
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
