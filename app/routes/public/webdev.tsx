import { Paragraphs } from "~/components/public/paragraphs";
import { StoryScreen } from "~/components/public/story-screen";
import { LEAN_STYLES } from "~/lib/page-handle";
import { configPageMeta } from "~/lib/seo";
import { renderParagraphs } from "~/server/content/markdown.server";
import { getSiteContent } from "~/server/content/site-content.server";
import type { Route } from "./+types/webdev";

export const handle = LEAN_STYLES;

export const meta: Route.MetaFunction = configPageMeta("/webdev");

export function loader({ context }: Route.LoaderArgs) {
  const { business, pages } = getSiteContent(context);
  // Switched off in the business details: the address is gone, as is every link to it.
  if (!business.showWebdev) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return { page: { ...pages.webdev, paragraphs: renderParagraphs(pages.webdev.paragraphs) } };
}

export default function WebDev({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <div className="webdev">
      <div className="container py-4">
        <h1>{page.heading}</h1>
        <StoryScreen
          story={page.story}
          continuePrompt={page.continuePrompt}
          finishedPrompt={page.finishedPrompt}
          retroButton={page.retroButton}
          retroSiteUrl={page.retroSiteUrl}
        />
        <div className="page-narrow mt-4">
          <Paragraphs html={page.paragraphs} />
        </div>
        <h2 className="mt-4">{page.projectsHeading}</h2>
        <ul className="project-grid">
          {page.projects.map((project) => (
            <li key={project.name} className="card project-card">
              <img src={project.image.src} width={project.image.width} height={project.image.height} alt="" loading="lazy" decoding="async" className="card-img-top" />
              <div className="card-body">
                <h3 className="h5 card-title">
                  <a href={project.href} target="_blank" rel="noopener noreferrer" className="stretched-link">
                    {project.name}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </h3>
                <p className="card-text">{project.description}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-4">
          <a href={page.codeProfile.href} target="_blank" rel="noopener noreferrer" className="btn btn-outline-primary">
            {page.codeProfile.label}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
        <p className="small mt-4 mb-0">
          {page.credit.text}{" "}
          <a href={page.credit.link.href} target="_blank" rel="noopener noreferrer">
            {page.credit.link.label}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          .
        </p>
      </div>
    </div>
  );
}
