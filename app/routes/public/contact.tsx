import { data, redirect } from "react-router";
import { QuoteForm } from "~/components/enquiries/quote-form";
import { Accreditations } from "~/components/public/accreditations";
import { CopyEmailButton } from "~/components/public/copy-email-button";
import { Paragraphs } from "~/components/public/paragraphs";
import { EMPTY_ENQUIRY_VALUES } from "~/lib/enquiry-form";
import { configPageMeta } from "~/lib/seo";
import { createFormTimestamp, fallbackQuestion } from "~/server/enquiries/form-guard.server";
import { handleQuoteRequest } from "~/server/enquiries/quote-request.server";
import { renderParagraphs } from "~/server/content/markdown.server";
import { getSiteContent } from "~/server/content/site-content.server";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = configPageMeta("/contact");

export function loader({ request, context }: Route.LoaderArgs) {
  const { business, pages, services } = getSiteContent(context);
  // /contact?service=tiling#quote, from a service section, starts the form with that kind of work chosen.
  const wanted = new URL(request.url).searchParams.get("service") ?? "";
  const service = services.some((s) => s.id === wanted) ? wanted : "";
  // The form's one per-render value: when it was rendered (signed). The proof-of-work challenge is fetched by the
  // browser, so a copy of this page served from a cache stays usable.
  const started = createFormTimestamp();
  return {
    page: pages.contact,
    introHtml: renderParagraphs(pages.contact.intro),
    email: business.email,
    phone: business.phone,
    phoneE164: business.phoneE164,
    whatsappE164: business.whatsappE164 ?? null,
    openingHours: business.openingHours ?? null,
    accreditations: business.accreditations,
    services: services.map(({ id, name }) => ({ id, name })),
    form: { values: { ...EMPTY_ENQUIRY_VALUES, service }, errors: {}, started, question: fallbackQuestion(started).text, photosSent: 0 },
  };
}

/** The quote form posted without JavaScript: the page comes back with its messages, or the thank-you page follows. */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await handleQuoteRequest(request, context);
  if (outcome.ok) throw redirect(`/contact/thanks?ref=${encodeURIComponent(outcome.reference)}`);
  const { values, errors, started, question, photosSent } = outcome;
  return data({ values, errors, started, question, photosSent }, { status: outcome.status });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { page, introHtml, email, phone, phoneE164, whatsappE164, openingHours, accreditations, services } = loaderData;
  const form = actionData ?? loaderData.form;
  return (
    <div className="container py-4">
      <h1>{page.heading}</h1>
      <Paragraphs html={introHtml} className="fs-5" />
      <div className="contact-layout">
        <section id="quote" aria-labelledby="quote-heading" className="contact-quote">
          <h2 id="quote-heading">{page.quoteHeading}</h2>
          <p>{page.quoteIntro}</p>
          <QuoteForm key={form.started} services={services} {...form} />
        </section>
        <aside aria-labelledby="other-ways-heading" className="contact-other">
          <h2 id="other-ways-heading" className="h4">
            {page.otherWaysHeading}
          </h2>
          <section className="contact-method" aria-labelledby="contact-email">
            <h3 id="contact-email" className="h6">
              {page.emailPrompt}
            </h3>
            <CopyEmailButton email={email} copiedMessage={page.copiedMessage} />
            <p className="mt-2 mb-0 small">
              Or <a href={`mailto:${email}`}>open your e-mail program</a>.
            </p>
          </section>
          <section className="contact-method" aria-labelledby="contact-phone">
            <h3 id="contact-phone" className="h6">
              {page.phonePrompt}
            </h3>
            <a href={`tel:${phoneE164}`} className="contact-phone">
              {phone}
            </a>
          </section>
          {whatsappE164 ? (
            <p className="mt-3">
              <a href={`https://wa.me/${whatsappE164.slice(1)}`} target="_blank" rel="noopener noreferrer">
                Message me on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </p>
          ) : null}
          {openingHours ? <p className="mt-3">{openingHours}</p> : null}
          <p className="mt-4">{page.areasText}</p>
          <Accreditations items={accreditations} />
        </aside>
      </div>
    </div>
  );
}
