import { Paragraphs } from "~/components/public/paragraphs";
import { LEAN_STYLES } from "~/lib/page-handle";
import { configPageMeta } from "~/lib/seo";
import { renderParagraphs } from "~/server/content/markdown.server";
import { getSiteContent } from "~/server/content/site-content.server";
import type { Route } from "./+types/home-automation";

export const handle = LEAN_STYLES;

export const meta: Route.MetaFunction = configPageMeta("/ha");

export function loader({ context }: Route.LoaderArgs) {
  const { business, pages } = getSiteContent(context);
  // Switched off in the business details: the address is gone, as is every link to it.
  if (!business.showHomeAutomation) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const page = pages.homeAutomation;
  return {
    page: { ...page, intro: renderParagraphs(page.intro), questions: page.questions.map((entry) => ({ ...entry, answer: renderParagraphs(entry.answer) })) },
  };
}

export default function HomeAutomation({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <div className="container py-4">
      <div className="page-narrow">
        <h1>{page.heading}</h1>
        <Paragraphs html={page.intro} className="fs-5" />
        {/* Native <details>, no script: several answers may be open at once, to compare them. */}
        <div className="accordion mt-4">
          {page.questions.map((entry) => (
            <details key={entry.id} className="accordion-item">
              <summary className="accordion-button">
                <h2 className="accordion-title">{entry.question}</h2>
              </summary>
              <div className="accordion-body" id={entry.id}>
                <Paragraphs html={entry.answer} />
                {entry.list ? (
                  <ul className="mb-0">
                    {entry.list.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </details>
          ))}
        </div>
      </div>
    </div>
  );
}
