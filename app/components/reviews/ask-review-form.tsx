import { Form } from "react-router";
import { LabelledInput } from "~/components/forms/labelled-input";
import { type ServiceChoice, ServiceSelect } from "~/components/forms/service-options";
import { REVIEW_LIMITS } from "~/lib/reviews";

/** The owner asks for a review of a job that came by phone: by e-mail, or a link to send by SMS (review-link-share). */
export function AskReviewForm({ services }: { services: ServiceChoice[] }) {
  return (
    <Form method="post" className="row g-2">
      <input type="hidden" name="intent" value="ask" />
      <LabelledInput wrapperClassName="col-md-4" id="ask-name" label="Customer's name" name="customerName" maxLength={REVIEW_LIMITS.customerName} required />
      <LabelledInput wrapperClassName="col-md-4" id="ask-contact" label="E-mail or mobile" name="contact" maxLength={254} required />
      <div className="col-md-4">
        <ServiceSelect id="ask-service" label="Service" services={services} />
      </div>
      <LabelledInput
        wrapperClassName="col-12"
        id="ask-job"
        label="What the job was"
        name="job"
        maxLength={REVIEW_LIMITS.job}
        required
        placeholder="Replastered the back bedroom ceiling"
      />
      <div className="col-12">
        <div className="form-check">
          <input className="form-check-input" type="checkbox" id="ask-remind" name="remind" defaultChecked />
          <label className="form-check-label" htmlFor="ask-remind">
            Send one reminder after 7 days if there is no answer (e-mail only)
          </label>
        </div>
      </div>
      <div className="col-12">
        <button type="submit" className="btn btn-primary">
          Ask for a review
        </button>
      </div>
    </Form>
  );
}
