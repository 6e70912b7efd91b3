import { Accordion } from "react-bootstrap";
import { memo, useCallback, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { Paragraphs } from "~/components/public/paragraphs";
import { TogglePhoto } from "~/components/public/toggle-photo";
import { useHydrated } from "~/components/use-hydrated";
import { LEAN_STYLES } from "~/lib/page-handle";
import { pageMeta } from "~/lib/seo";
import { getDb } from "~/server/db/client.server";
import { listServicePhotos } from "~/server/pages/service-photos.server";
import { getSiteConfig } from "~/server/site-config.server";
import type { Route } from "./+types/services";

export const handle = LEAN_STYLES;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta(matches[0].loaderData, { title: loaderData.page.title, description: loaderData.page.description, path: "/services" });
}

export async function loader() {
  const { services, pages } = getSiteConfig();
  const photos = await listServicePhotos(getDb(), services);
  return {
    page: pages.services,
    services: services.map((service) => ({
      id: service.id,
      name: service.name,
      title: service.title,
      description: service.description,
      items: service.items,
      prose: service.prose,
      link: service.link,
      pageLink: service.pageLink,
      photos: photos.get(service.id) ?? [],
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
  const section = document.getElementById(id);
  if (!section) return;
  const fits = section.getBoundingClientRect().height <= window.innerHeight * 0.8;
  section.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: fits ? "center" : "start" });
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const { page, services } = loaderData;
  const [open, setOpen] = useState<string | null>(null);

  // /services#plastering opens that section. The server never sees the hash, so it counts only once hydrated;
  // a later link to another section (from the menu or the home page) opens that one.
  const { hash } = useLocation();
  const address = useHydrated() ? sectionFromHash(hash) : "";
  const [openedFrom, setOpenedFrom] = useState("");
  if (address !== openedFrom) {
    setOpenedFrom(address);
    if (services.some((service) => service.id === address)) setOpen(address);
  }

  // While a section is open the tab shows its title and description; closing it puts the page's own back.
  useEffect(() => {
    const service = services.find((s) => s.id === open);
    document.title = service?.title ?? page.title;
    document.querySelector('meta[name="description"]')?.setAttribute("content", service?.description ?? page.description);
  }, [open, services, page]);

  const select = useCallback((id: string | null) => {
    setOpen(id);
    // The address names the open section, so it can be shared; replacing keeps the back button sensible.
    const url = id ? `#${id}` : window.location.pathname + window.location.search;
    window.history.replaceState(window.history.state, "", url);
  }, []);

  return (
    <div className="container py-4">
      <h1>{page.heading}</h1>
      <p className="lead">{page.hint}</p>
      <ServiceSections services={services} open={open} onSelect={select} />
      <p className="mt-4 fs-5">{page.closing}</p>
    </div>
  );
}

type ServiceView = Route.ComponentProps["loaderData"]["services"][number];
type SectionsProps = { services: ServiceView[]; open: string | null; onSelect: (id: string | null) => void };

/**
 * The ten sections, memoised: they are most of the page, and React Router re-renders the whole tree once right
 * after hydration; with the same props they are skipped, which keeps that work short on a slow phone.
 */
const ServiceSections = memo(function ServiceSections({ services, open, onSelect }: SectionsProps) {
  return (
      <Accordion activeKey={open} onSelect={(key) => onSelect(typeof key === "string" ? key : null)} className="services-accordion">
        {services.map((service) => (
          <Accordion.Item key={service.id} eventKey={service.id} id={service.id} className="service-section">
            <Accordion.Header as="h2">{service.name}</Accordion.Header>
            <Accordion.Body onEntered={() => scrollToSection(service.id)}>
              <div className="service-body">
                <div>
                  {service.items ? (
                    <ul>
                      {service.items.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  ) : null}
                  <Paragraphs texts={service.prose} />
                  <p>
                    <Link to={`/contact?service=${service.id}#quote`} className="btn btn-outline-primary btn-sm">
                      Ask for a quote<span className="visually-hidden"> for {service.name.toLowerCase()}</span>
                    </Link>
                  </p>
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
            </Accordion.Body>
          </Accordion.Item>
        ))}
      </Accordion>
  );
});
