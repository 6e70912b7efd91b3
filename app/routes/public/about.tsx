import { Paragraphs } from "~/components/public/paragraphs";
import { TogglePhoto } from "~/components/public/toggle-photo";
import { joinWithAnd } from "~/lib/format";
import { LEAN_STYLES } from "~/lib/page-handle";
import { staticPhoto } from "~/lib/photo";
import { configPageMeta } from "~/lib/seo";
import { renderParagraphs } from "~/server/content/markdown.server";
import { getSiteContent } from "~/server/content/site-content.server";
import type { Route } from "./+types/about";

export const handle = LEAN_STYLES;

export const meta: Route.MetaFunction = configPageMeta("/aboutme");

export function loader({ context }: Route.LoaderArgs) {
  const { business, pages } = getSiteContent(context);
  const page = pages.about;
  return { page: { ...page, sections: page.sections.map((section) => ({ heading: section.heading, html: renderParagraphs(section.paragraphs) })) }, areas: business.areas };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { page, areas } = loaderData;
  return (
    <div className="container py-4">
      <div className="page-narrow">
        <h1 className="h2">
          {page.headingPrefix} {joinWithAnd(areas)}
        </h1>
        {page.sections.map((section) => (
          <section key={section.heading} className="mt-4">
            <h2 className="h4">{section.heading}</h2>
            <Paragraphs html={section.html} />
          </section>
        ))}
        {page.photos.length > 0 ? (
          <figure className="mt-4">
            <div className="photo-grid">
              {page.photos.map((photo) => (
                <TogglePhoto key={photo.src} photo={staticPhoto(photo)} sizes="(min-width: 768px) 33vw, 100vw" lazy />
              ))}
            </div>
            <figcaption className="mt-2">{page.caption}</figcaption>
          </figure>
        ) : (
          <p className="mt-4">{page.caption}</p>
        )}
      </div>
    </div>
  );
}
