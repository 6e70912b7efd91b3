import { CopyEmailButton } from "~/components/public/copy-email-button";
import { Paragraphs } from "~/components/public/paragraphs";
import { LEAN_STYLES } from "~/lib/page-handle";
import { pageMeta } from "~/lib/seo";
import { getSiteConfig } from "~/server/site-config.server";
import type { Route } from "./+types/contact";

export const handle = LEAN_STYLES;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta(matches[0].loaderData, { title: loaderData.page.title, description: loaderData.page.description, path: "/contact" });
}

export function loader() {
  const { business, pages } = getSiteConfig();
  return { page: pages.contact, email: business.email, phone: business.phone, phoneE164: business.phoneE164 };
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { page, email, phone, phoneE164 } = loaderData;
  return (
    <div className="container py-4">
      <div className="page-narrow">
        <h1>{page.heading}</h1>
        <Paragraphs texts={page.intro} className="fs-5" />
        <section className="contact-method" aria-labelledby="contact-email">
          <h2 id="contact-email" className="h5">
            {page.emailPrompt}
          </h2>
          <CopyEmailButton email={email} copiedMessage={page.copiedMessage} />
          <p className="mt-2 mb-0 small">
            Or <a href={`mailto:${email}`}>open your e-mail program</a>.
          </p>
        </section>
        <section className="contact-method" aria-labelledby="contact-phone">
          <h2 id="contact-phone" className="h5">
            {page.phonePrompt}
          </h2>
          <a href={`tel:${phoneE164}`} className="contact-phone">
            {phone}
          </a>
        </section>
        <p className="mt-4">{page.areasText}</p>
      </div>
    </div>
  );
}
