import { Link } from "react-router";
import { Paragraphs } from "~/components/public/paragraphs";
import { LEAN_STYLES } from "~/lib/page-handle";
import { REFERENCE_PATTERN } from "~/server/db/enquiries.server";
import { renderParagraphs } from "~/server/content/markdown.server";
import { getSiteContent } from "~/server/content/site-content.server";
import type { Route } from "./+types/quote-sent";

export const handle = LEAN_STYLES;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.page.title ?? "Enquiry sent" }, { name: "robots", content: "noindex" }];
}

/** /contact/thanks?ref=Q-…: shows only the reference from the address, nothing of what was sent. */
export function loader({ request, context }: Route.LoaderArgs) {
  const reference = new URL(request.url).searchParams.get("ref") ?? "";
  const { pages, business } = getSiteContent(context);
  return { page: { ...pages.quoteSent, nextSteps: renderParagraphs(pages.quoteSent.nextSteps) }, reference: REFERENCE_PATTERN.test(reference) ? reference : null, phone: business.phone, phoneE164: business.phoneE164 };
}

export default function QuoteSent({ loaderData }: Route.ComponentProps) {
  const { page, reference, phone, phoneE164 } = loaderData;
  return (
    <div className="container py-4">
      <div className="page-narrow">
        <h1>{page.heading}</h1>
        {reference ? (
          <p className="fs-5">
            {page.referencePrompt} <strong className="quote-reference d-block" data-testid="quote-reference">{reference}</strong>
          </p>
        ) : null}
        <h2 className="h4 mt-4">{page.nextStepsHeading}</h2>
        <Paragraphs html={page.nextSteps} />
        <p>
          Something urgent? Ring <a href={`tel:${phoneE164}`}>{phone}</a>
          {reference ? " and quote the reference" : ""}.
        </p>
        <p className="d-flex flex-wrap gap-3">
          <Link to="/">Back to the home page</Link>
          <Link to="/services">Look through the services</Link>
        </p>
      </div>
    </div>
  );
}
