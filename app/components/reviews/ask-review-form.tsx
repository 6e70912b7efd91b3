import { Form } from "react-router";
import { type ServiceChoice, ServiceSelect } from "~/components/forms/service-options";
import { REVIEW_LIMITS } from "~/lib/reviews";

/** The owner asks for a review of a job that came by phone: by e-mail, or a link to send by SMS (review-link-share). */
export function AskReviewForm({ services }: { services: ServiceChoice[] }) {
  return (
    <Form method="post" className="row g-2">
      <input type="hidden" name="intent" value="ask" />
      <div className="col-md-4">
        <label className="form-label" htmlFor="ask-name">
          Customer's name
        </label>
        <input id="ask-name" name="customerName" className="form-control" maxLength={REVIEW_LIMITS.customerName} required />
      </div>
      <div className="col-md-4">
        <label className="form-label" htmlFor="ask-contact">
          E-mail or mobile
        </label>
        <input id="ask-contact" name="contact" className="form-control" maxLength={254} required />
      </div>
      <div className="col-md-4">
        <ServiceSelect id="ask-service" label="Service" services={services} />
      </div>
      <div className="col-12">
        <label className="form-label" htmlFor="ask-job">
          What the job was
        </label>
        <input id="ask-job" name="job" className="form-control" maxLength={REVIEW_LIMITS.job} required placeholder="Replastered the back bedroom ceiling" />
      </div>
      <div className="col-12 form-check ms-2">
        <input className="form-check-input" type="checkbox" id="ask-remind" name="remind" defaultChecked />
        <label className="form-check-label" htmlFor="ask-remind">
          Send one reminder after 7 days if there is no answer (e-mail only)
        </label>
      </div>
      <div className="col-12">
        <button type="submit" className="btn btn-primary">
          Ask for a review
        </button>
      </div>
    </Form>
  );
}
