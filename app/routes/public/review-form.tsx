import { Form, Link, data, redirect } from "react-router";
import { ReviewCard } from "~/components/reviews/review-card";
import { RATING_LABELS, REVIEW_LIMITS, REVIEW_PHOTO_ACCEPT, defaultDisplayName } from "~/lib/reviews";
import type { ReviewFormErrors } from "~/lib/schemas/review";
import { getDb } from "~/server/db/client.server";
import { getReviewForRequest } from "~/server/db/reviews.server";
import { clientIpContext } from "~/server/http/request-context.server";
import { getGoogleReviewLink, replyAuthor, toPublicReview } from "~/server/reviews/public-review.server";
import { ReviewLinkError, type ReviewValues, allowReviewLookup, openReviewLink, receiveReview } from "~/server/reviews/receive-review.server";
import { getPublishedContent } from "~/server/content/site-content.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/review-form";

// The address holds the customer's token: never cached by anyone, never sent to another site as a referrer (the
// Google link), never indexed. same-origin rather than no-referrer: with no-referrer the browser sends
// `Origin: null` on the form's own post, which the cross-site checks refuse.
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

const PROBLEM_TITLES = { missing: "This review link is not right", gone: "This review link has expired or closed", busy: "Too many tries" } as const;

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.problem ? PROBLEM_TITLES[loaderData.problem] : "Your review";
  return [{ title }, { name: "robots", content: "noindex" }, { name: "referrer", content: "same-origin" }];
}

type Problem = { problem: "missing" | "gone" | "busy" };

function problem(kind: Problem["problem"], status: number) {
  return data({ problem: kind } as Problem, { status, headers: PRIVATE_HEADERS });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = getDb();
  let opened;
  try {
    opened = await openReviewLink(db, params.token);
  } catch (error) {
    if (!(error instanceof ReviewLinkError)) throw error;
    // Wrong tokens count against the address: guessing is hopeless (256 bits), and now slow too.
    if (error.status === 404 && !(await allowReviewLookup(db, context.get(clientIpContext)))) return problem("busy", 429);
    return problem(error.status === 404 ? "missing" : "gone", error.status);
  }
  const { business } = getPublishedContent();
  const review = opened.state === "used" ? await getReviewForRequest(db, opened.request.id) : null;
  return data(
    {
      problem: null,
      businessName: business.name,
      replyFrom: replyAuthor(),
      job: opened.request.job,
      serviceName: opened.request.serviceName,
      defaultName: defaultDisplayName(opened.request.customerName),
      review: review ? { ...toPublicReview(review), published: review.status === "published", photoCount: review.photos.length } : null,
      editableUntil: opened.state === "used" ? opened.link.closesAt : null,
      sent: new URL(request.url).searchParams.get("sent") === "1",
      googleReviewLink: getGoogleReviewLink(),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  try {
    const outcome = await receiveReview(request, params.token, { db: getDb(), storage: await getStorage(), ip: context.get(clientIpContext) });
    if (outcome.ok) throw redirect(`/review/${params.token}?sent=1`, { headers: PRIVATE_HEADERS });
    return data({ errors: outcome.errors, values: outcome.values }, { status: outcome.status, headers: PRIVATE_HEADERS });
  } catch (error) {
    if (error instanceof ReviewLinkError) return data({ errors: { form: "This link no longer works." } as ReviewFormErrors, values: null }, { status: error.status, headers: PRIVATE_HEADERS });
    throw error;
  }
}

const editFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.problem) return <LinkProblem kind={loaderData.problem} />;
  const { businessName, replyFrom, job, serviceName, defaultName, review, editableUntil, sent, googleReviewLink } = loaderData;
  const errors: ReviewFormErrors = actionData?.errors ?? {};
  const values: ReviewValues = actionData?.values ?? {
    rating: review ? String(review.rating) : "",
    body: review?.body ?? "",
    displayName: review?.displayName ?? defaultName,
    town: review?.town ?? "",
    consent: review ? "yes" : "",
  };
  return (
    <div className="container py-4">
      <div className="page-narrow">
        {review ? (
          <>
            <h1>{sent ? "Thank you for your review" : "Your review"}</h1>
            <p>
              {review.published ? (
                <>
                  It is published on <Link to="/reviews">the reviews page</Link>, as you wrote it.
                </>
              ) : (
                <>It is held back for now for a reason from the policy; the owner can publish it again once that is put right.</>
              )}
            </p>
            {googleReviewLink ? (
              <p>
                Would you post the same review on Google too? It helps other people find {businessName}.{" "}
                <a href={googleReviewLink} rel="noreferrer noopener" target="_blank" className="btn btn-outline-primary btn-sm">
                  Review {businessName} on Google
                </a>
              </p>
            ) : null}
            <ReviewCard review={review} replyFrom={replyFrom} headingLevel={2} showPhotos={review.published} />
            {!review.published && review.photoCount > 0 ? <p className="small">Photos sent: {review.photoCount} (shown once the review is published).</p> : null}
            <h2 className="h4 mt-4">Change your review</h2>
            <p>
              You can change it through this link until {editableUntil ? editFormat.format(new Date(editableUntil)) : "the link closes"} (for example once a
              problem has been put right); then the link closes.
            </p>
          </>
        ) : (
          <>
            <h1>How did the job go?</h1>
            <p className="fs-5">
              {businessName}: {serviceName}. {job}
            </p>
            <p>
              Your review is published as you write it, good or bad, unless it breaks one of the rules of the <Link to="/reviews/policy">review policy</Link>.
              Nothing is offered or paid for reviews. You need no account; this link works once, for this job.
            </p>
          </>
        )}
        <ReviewForm errors={errors} values={values} withPhotos={!review} businessName={businessName} />
      </div>
    </div>
  );
}

function ReviewForm({ errors, values, withPhotos, businessName }: { errors: ReviewFormErrors; values: ReviewValues; withPhotos: boolean; businessName: string }) {
  const invalid = (key: keyof ReviewFormErrors) => (errors[key] ? { "aria-invalid": true, "aria-describedby": `review-${key}-error` } : {});
  const message = (key: keyof ReviewFormErrors) =>
    errors[key] ? (
      <div id={`review-${key}-error`} className="invalid-feedback d-block">
        {errors[key]}
      </div>
    ) : null;
  return (
    <Form method="post" encType="multipart/form-data" className="review-form" noValidate>
      {errors.form ? (
        <p role="alert" className="alert alert-danger">
          {errors.form}
        </p>
      ) : null}
      <fieldset className="mb-3" role="radiogroup" aria-labelledby="review-rating-legend" {...invalid("rating")}>
        <legend id="review-rating-legend" className="form-label fw-semibold fs-6">
          Rating
        </legend>
        <div className="d-flex flex-wrap gap-3">
          {RATING_LABELS.map((label, i) => (
            <div className="form-check" key={label}>
              <input className="form-check-input" type="radio" name="rating" id={`rating-${i + 1}`} value={String(i + 1)} defaultChecked={values.rating === String(i + 1)} required />
              <label className="form-check-label" htmlFor={`rating-${i + 1}`}>
                {label}
              </label>
            </div>
          ))}
        </div>
        {message("rating")}
      </fieldset>
      <div className="mb-3">
        <label htmlFor="review-body" className="form-label fw-semibold">
          Your review
        </label>
        <textarea
          id="review-body"
          name="body"
          rows={6}
          minLength={REVIEW_LIMITS.bodyMin}
          maxLength={REVIEW_LIMITS.body}
          defaultValue={values.body}
          className={`form-control${errors.body ? " is-invalid" : ""}`}
          required
          {...invalid("body")}
        />
        <div className="form-text">
          {REVIEW_LIMITS.bodyMin} to {REVIEW_LIMITS.body.toLocaleString("en-GB")} characters. Please leave out other people's names, addresses and phone numbers.
        </div>
        {message("body")}
      </div>
      <div className="row g-3 mb-3">
        <div className="col-sm-6">
          <label htmlFor="review-name" className="form-label fw-semibold">
            Name to show
          </label>
          <input id="review-name" name="displayName" maxLength={REVIEW_LIMITS.displayName} defaultValue={values.displayName} className={`form-control${errors.displayName ? " is-invalid" : ""}`} autoComplete="off" {...invalid("displayName")} />
          {message("displayName")}
        </div>
        <div className="col-sm-6">
          <label htmlFor="review-town" className="form-label fw-semibold">
            Town <span className="fw-normal text-body-secondary">(optional)</span>
          </label>
          <input id="review-town" name="town" maxLength={REVIEW_LIMITS.town} defaultValue={values.town} className={`form-control${errors.town ? " is-invalid" : ""}`} autoComplete="address-level2" {...invalid("town")} />
          {message("town")}
        </div>
      </div>
      {withPhotos ? (
        <div className="mb-3">
          <label htmlFor="review-photos" className="form-label fw-semibold">
            Photos
          </label>
          <input id="review-photos" name="photos" type="file" multiple accept={REVIEW_PHOTO_ACCEPT} className={`form-control${errors.photos ? " is-invalid" : ""}`} aria-describedby="review-photos-hint" />
          <div id="review-photos-hint" className="form-text">
            Optional: up to {REVIEW_LIMITS.photos} photos of the finished job. Where and when they were taken (their GPS position and all other details) is removed before they are kept.
          </div>
          {message("photos")}
        </div>
      ) : null}
      <div className="form-check mb-3">
        <input className={`form-check-input${errors.consent ? " is-invalid" : ""}`} type="checkbox" name="consent" value="yes" id="review-consent" defaultChecked={values.consent === "yes"} {...invalid("consent")} />
        <label className="form-check-label" htmlFor="review-consent">
          I agree to this review being published on the {businessName} website with the name and town above{withPhotos ? " and the photos" : ""}.
        </label>
        {message("consent")}
      </div>
      <button type="submit" className="btn btn-primary">
        Send review
      </button>
    </Form>
  );
}

function LinkProblem({ kind }: { kind: Problem["problem"] }) {
  const text =
    kind === "missing"
      ? { title: PROBLEM_TITLES.missing, body: "No review page belongs to this address. Please check that the whole link was copied from the message." }
      : kind === "gone"
        ? { title: PROBLEM_TITLES.gone, body: "Links to review a job work for 60 days, and a review can be changed for 14 days after it is sent. This one no longer works." }
        : { title: PROBLEM_TITLES.busy, body: "Too many review links were tried from here. Please wait an hour and try again." };
  return (
    <div className="container py-4">
      <div className="page-narrow">
        <h1>{text.title}</h1>
        <p>{text.body}</p>
        <p>
          <Link to="/reviews">Read the published reviews</Link>
        </p>
      </div>
    </div>
  );
}
