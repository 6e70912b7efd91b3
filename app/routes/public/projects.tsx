import { Link } from "react-router";
import { PhotoView } from "~/components/public/photo-view";
import { ServiceFilter } from "~/components/public/service-filter";
import { LEAN_STYLES } from "~/lib/page-handle";
import { pageMeta } from "~/lib/seo";
import { getSiteContent } from "~/server/content/site-content.server";
import { getDb } from "~/server/db/client.server";
import { parseAfterParam } from "~/server/images/gallery-page.server";
import { summariseProjects } from "~/server/projects/project-view.server";
import { listPublishedProjects } from "~/server/projects/projects.server";
import type { Route } from "./+types/projects";

export const handle = LEAN_STYLES;

/** Projects a page shows; "More projects" links to the next (?after={id}), as the galleries do. */
const PAGE_SIZE = 12;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta(matches[0].loaderData, { title: loaderData.seo.title, description: loaderData.seo.description, path: loaderData.seo.path });
}

/** /projects, optionally ?service={id} and ?after={projectId}: published projects in the owner's order. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const after = parseAfterParam(url);
  if (after === null) throw new Response("This address asks for the projects after one that does not exist.", { status: 400, statusText: "Bad Request" });
  const { business, services } = getSiteContent(context);
  const serviceNames = new Map(services.map((service) => [service.id, service.name]));
  const serviceParam = url.searchParams.get("service");
  const service = serviceParam && serviceNames.has(serviceParam) ? serviceParam : null;
  const all = await listPublishedProjects(getDb());
  const matching = service ? all.filter((project) => project.serviceId === service) : all;
  const start = after === undefined ? 0 : matching.findIndex((project) => project.id === after) + 1;
  if (start === 0 && after !== undefined) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const page = matching.slice(start, start + PAGE_SIZE);
  const usedServices = new Set(all.map((project) => project.serviceId));
  const query = (extra: Record<string, string>) => {
    const params = new URLSearchParams({ ...(service ? { service } : {}), ...extra });
    return params.size > 0 ? `?${params}` : "";
  };
  return {
    projects: await summariseProjects(getDb(), page, serviceNames),
    total: matching.length,
    service,
    serviceName: service ? serviceNames.get(service)! : null,
    services: services.filter((s) => usedServices.has(s.id)).map((s) => ({ id: s.id, name: s.name })),
    nextPage: start + PAGE_SIZE < matching.length ? `/projects${query({ after: page.at(-1)!.id })}` : null,
    fromStart: start === 0,
    seo: {
      title: `Projects${service ? `: ${serviceNames.get(service)}` : ""} | ${business.shortName}`,
      description: `Whole jobs by ${business.name} around ${business.locality}, in before-and-after photos: where, when, how long and roughly what they cost.`,
      path: `/projects${query(after ? { after } : {})}`,
    },
  };
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { projects, services, service, serviceName, nextPage, fromStart, total } = loaderData;
  return (
    <div className="container py-4">
      <h1>Projects</h1>
      <p className="lead">Whole jobs, start to finish: what it looked like before, what was done, and how it turned out.</p>
      {services.length > 1 ? (
        <ServiceFilter action="/projects" label="Filter projects" id="project-service" services={services} selected={service} />
      ) : null}
      {serviceName ? (
        <p>
          {total} {total === 1 ? "project" : "projects"} for {serviceName}. <Link to="/projects">All projects</Link>
        </p>
      ) : null}
      {!fromStart ? (
        <p>
          <Link to={service ? `/projects?service=${encodeURIComponent(service)}` : "/projects"}>Back to the first projects</Link>
        </p>
      ) : null}
      {projects.length === 0 ? (
        <p>
          No projects to show yet. Have a look at the <Link to="/services">services</Link> or <Link to="/contact">get in touch</Link>.
        </p>
      ) : (
        <ul className="list-unstyled row g-3">
          {projects.map((project, index) => (
            <li key={project.id} className="col-sm-6 col-lg-4">
              <article className="card h-100">
                {project.cover ? <PhotoView photo={project.cover} sizes="(min-width: 992px) 400px, (min-width: 576px) 50vw, 100vw" lazy={index >= 2} className="card-img-top project-card-img" /> : null}
                <div className="card-body">
                  <h2 className="h5 card-title">
                    <Link to={`/projects/${project.slug}`} className="stretched-link">
                      {project.title}
                    </Link>
                  </h2>
                  <p className="card-text small text-body-secondary mb-0">
                    {[project.service, project.town, project.when].filter(Boolean).join(" · ")}
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {nextPage ? (
        <p className="mt-3">
          <Link to={nextPage} className="btn btn-outline-primary">
            More projects
          </Link>
        </p>
      ) : null}
    </div>
  );
}
