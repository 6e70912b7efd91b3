import { memo, useCallback, useEffect } from "react";
import { Link, useLocation } from "react-router";
import { Paragraphs } from "~/components/public/paragraphs";
import { TogglePhoto } from "~/components/public/toggle-photo";
import { isPageShown } from "~/lib/content/page-switches";
import { LEAN_STYLES } from "~/lib/page-handle";
import { configPageMeta } from "~/lib/seo";
import { getDb } from "~/server/db/client.server";
import { listServicePhotos } from "~/server/pages/service-photos.server";
import { listServiceProjects } from "~/server/projects/price-guide.server";
import { renderParagraphs } from "~/server/content/markdown.server";
import { getSiteContent } from "~/server/content/site-content.server";
import { listLatestReviewPerService } from "~/server/db/reviews.server";
import { toPublicReview } from "~/server/reviews/public-review.server";
import { ReviewQuote } from "~/components/reviews/review-quote";
import type { Route } from "./+types/services";

export const handle = LEAN_STYLES;

export const meta: Route.MetaFunction = configPageMeta("/services");

export async function loader({ context }: Route.LoaderArgs) {
  const { business, services, pages } = getSiteContent(context);
  const [photos, projects] = await Promise.all([listServicePhotos(getDb(), services), listServiceProjects(getDb())]);
  const reviews = await listLatestReviewPerService(getDb());
  return {
    page: pages.services,
    services: services.map((service) => ({
      id: service.id,
      name: service.name,
      title: service.title,
      description: service.description,
      items: service.items,
      prose: renderParagraphs(service.prose),
      link: service.link,
      pageLink: service.pageLink && isPageShown(business, service.pageLink.path) ? service.pageLink : undefined,
      photos: photos.get(service.id) ?? [],
      projects: projects.get(service.id)?.projects ?? 0,
      typicalCost: projects.get(service.id)?.typicalCost ?? null,
      review: reviews[service.id] ? toPublicReview(reviews[service.id]!) : null,
    })),
  };
}

function sectionFromHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return "";
  }
}

function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Brings an opened section into view: centred when it fits on the screen, else from its heading. */
function scrollToSection(id: string) {
  const section = getSection(id);
  if (!section) return;
  const fits = section.getBoundingClientRect().height <= window.innerHeight * 0.8;
  section.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: fits ? "center" : "start" });
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const { page, services } = loaderData;

  // While a section is open the tab shows its title and description; closing it puts the page's own back.
  const showMeta = useCallback(
    (id: string | null) => {
      const service = services.find((s) => s.id === id);
      document.title = service?.title ?? page.title;
      document.querySelector('meta[name="description"]')?.setAttribute("content", service?.description ?? page.description);
    },
    [services, page],
  );

  // The sections are <details name="services">: the browser opens them, one at a time, with or without script,
  // and opens the one an address such as /services#plastering points into (the id is on its content). Once
  // hydrated, the page follows what is open: a section opened before hydration, or named by a link within the
  // site (React Router changes the address without the browser's fragment navigation), counts too.
  const { hash } = useLocation();
  useEffect(() => {
    const target = sectionFromHash(hash);
    const section = services.some((service) => service.id === target) ? getSection(target) : null;
    if (section && !section.open) section.open = true; // its toggle event does the rest
    else showMeta(getOpenSectionId());
  }, [hash, services, showMeta]);

  const onToggle = useCallback(
    (id: string, opened: boolean) => {
      // Opening a section closes the open one; each fires a toggle event, in either order: ask the page.
      const open = getOpenSectionId();
      showMeta(open);
      if (opened) scrollToSection(id);
      // The address names the open section, so it can be shared; replacing keeps the back button sensible.
      if (window.location.hash !== (open ? `#${open}` : "")) {
        window.history.replaceState(window.history.state, "", open ? `#${open}` : window.location.pathname + window.location.search);
      }
    },
    [showMeta],
  );

  return (
    <div className="container py-4">
      <h1>{page.heading}</h1>
      <p className="lead">{page.hint}</p>
      <ServiceSections services={services} onToggle={onToggle} />
      <p className="mt-4 fs-5">{page.closing}</p>
    </div>
  );
}

function getOpenSectionId(): string | null {
  return document.querySelector<HTMLDetailsElement>("details.service-section[open]")?.dataset.service ?? null;
}

function getSection(id: string): HTMLDetailsElement | null {
  return document.querySelector<HTMLDetailsElement>(`details.service-section[data-service="${CSS.escape(id)}"]`);
}

type ServiceView = Route.ComponentProps["loaderData"]["services"][number];
type SectionsProps = { services: ServiceView[]; onToggle: (id: string, open: boolean) => void };

/**
 * The ten sections, memoised: they are most of the page, and React Router re-renders the whole tree once right
 * after hydration; with the same props they are skipped, which keeps that work short on a slow phone. React never
 * sets `open`: the browser owns it, so hydration cannot undo what the visitor opened before it.
 */
const ServiceSections = memo(function ServiceSections({ services, onToggle }: SectionsProps) {
  return (
    <div className="accordion services-accordion">
      {services.map((service) => (
        <details
          key={service.id}
          name="services"
          className="accordion-item service-section"
          data-service={service.id}
          onToggle={(event) => onToggle(service.id, event.currentTarget.open)}
        >
          <summary className="accordion-button">
            <h2 className="accordion-title">{service.name}</h2>
          </summary>
          <div className="accordion-body" id={service.id}>
            <div className="service-body">
              <div>
                {service.items ? (
                  <ul>
                    {service.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : null}
                <Paragraphs html={service.prose} />
                {service.typicalCost ? (
                  <p className="typical-cost">
                    <strong>{`Typical cost: ${service.typicalCost.band}`}</strong>{" "}
                    <span className="text-body-secondary">{`(the middle half of the ${service.typicalCost.jobs} jobs with a price on our projects page)`}</span>
                  </p>
                ) : null}
                {service.projects > 0 ? (
                  <p>
                    <Link to={`/projects?service=${encodeURIComponent(service.id)}`}>
                      {service.projects === 1 ? "See the job" : `See ${service.projects} jobs`}, before and after<span className="visually-hidden">: {service.name.toLowerCase()}</span>
                    </Link>
                  </p>
                ) : null}
                <p>
                  <Link to={`/contact?service=${service.id}#quote`} className="btn btn-outline-primary btn-sm">
                    Ask for a quote<span className="visually-hidden"> for {service.name.toLowerCase()}</span>
                  </Link>
                </p>
                {service.review ? (
                  <>
                    <h3 className="h6">The latest review</h3>
                    <ReviewQuote review={service.review} />
                    <p>
                      <Link to={`/reviews?service=${service.id}`}>
                        Reviews of {service.name.toLowerCase()}
                      </Link>
                    </p>
                  </>
                ) : null}
                {service.pageLink || service.link ? (
                  <ul className="list-unstyled">
                    {service.pageLink ? (
                      <li>
                        <Link to={service.pageLink.path}>{service.pageLink.label}</Link>
                      </li>
                    ) : null}
                    {service.link ? (
                      <li>
                        <a href={service.link.href} target="_blank" rel="noopener noreferrer">
                          {service.link.label}
                          <span className="visually-hidden"> (opens in a new tab)</span>
                        </a>
                      </li>
                    ) : null}
                  </ul>
                ) : null}
              </div>
              <div className="photo-grid photo-grid-pair">
                {service.photos.map((photo) => (
                  <TogglePhoto key={photo.src} photo={photo} sizes="(min-width: 768px) 25vw, 50vw" lazy />
                ))}
              </div>
            </div>
          </div>
        </details>
      ))}
    </div>
  );
});
