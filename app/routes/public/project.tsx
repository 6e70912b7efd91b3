import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { BeforeAfter } from "~/components/projects/before-after";
import { PhotoView } from "~/components/public/photo-view";
import { LEAN_STYLES } from "~/lib/page-handle";
import { projectJsonLd } from "~/lib/projects/project-json-ld";
import { pageMeta } from "~/lib/seo";
import { renderMarkdown } from "~/server/content/markdown.server";
import { getSiteContent } from "~/server/content/site-content.server";
import { getDb } from "~/server/db/client.server";
import { getEnv } from "~/server/env.server";
import { getLinkedReview } from "~/server/projects/linked-review.server";
import { viewProject } from "~/server/projects/project-view.server";
import { replyAuthor } from "~/server/reviews/public-review.server";
import { getPublishedProjectBySlug } from "~/server/projects/projects.server";
import type { Route } from "./+types/project";

export const handle = LEAN_STYLES;

/**
 * The linked review's card, and the photo viewer it brings, are fetched only by a page that shows one: most
 * projects have no review, and with the card's four small files a project page went over the public pages' 105 KB
 * of script (bench:pages). The server renders it in full; the browser hydrates it once its file has arrived.
 */
const ReviewCard = lazy(() => import("~/components/reviews/review-card").then((module) => ({ default: module.ReviewCard })));

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { project, description, publicUrl } = loaderData;
  // The page's own picture for link previews: an "after" photo rather than the site's general one.
  const image = project.shareImage ?? undefined;
  const tags = pageMeta(matches[0].loaderData, { title: loaderData.title, description, path: `/projects/${project.slug}`, image });
  const images = [...project.pairs.flatMap((pair) => [pair.before.src, pair.after.src]), ...project.photos.map((photo) => photo.src)];
  return [...tags, { "script:ld+json": projectJsonLd({ ...project, description }, images, publicUrl) }];
}

/** /projects/{slug}: a published project. A draft, or a slug nobody published, is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = getDb();
  const found = await getPublishedProjectBySlug(db, params.slug);
  if (!found) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const { business, services } = getSiteContent(context);
  const project = await viewProject(db, found, new Map(services.map((service) => [service.id, service.name])));
  const { publicUrl } = getEnv();
  const facts = [project.service, project.town, project.when].filter(Boolean).join(", ");
  return {
    project,
    title: `${project.title} | ${business.shortName}`,
    description: `${project.title}: ${facts}. ${project.pairs.length > 0 ? "Before-and-after photos" : "Photos"} of the job by ${business.name}.`.slice(0, 300),
    story: renderMarkdown(found.story, publicUrl),
    review: await getLinkedReview(db, found.reviewId),
    replyFrom: replyAuthor(),
    publicUrl,
  };
}

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { project, story, review, replyFrom } = loaderData;
  const count = project.pairs.length;
  return (
    <article className="container py-4 project-page">
      <p className="mb-1">
        <Link to="/projects">All projects</Link>
      </p>
      <h1>{project.title}</h1>
      <dl className="project-facts mb-4">
        {project.service ? (
          <>
            <dt>Service</dt>
            <dd>
              <Link to={`/projects?service=${encodeURIComponent(project.serviceId)}`}>{project.service}</Link>
            </dd>
          </>
        ) : null}
        <dt>Where</dt>
        <dd>{project.town}</dd>
        <dt>When</dt>
        <dd>
          <time dateTime={project.month}>{project.when}</time>
        </dd>
        {project.duration ? (
          <>
            <dt>How long</dt>
            <dd>{project.duration}</dd>
          </>
        ) : null}
        {project.cost ? (
          <>
            <dt>Cost</dt>
            <dd>{project.cost}</dd>
          </>
        ) : null}
      </dl>
      {count > 0 ? (
        <section aria-labelledby="before-after" className="mb-4">
          <h2 id="before-after" className="h3">
            Before and after
          </h2>
          {project.pairs.map((pair, index) => (
            <div key={`${pair.before.id}-${pair.after.id}`} className="mb-4">
              <BeforeAfter before={pair.before} after={pair.after} name={count > 1 ? `pair ${index + 1} of ${count}, ${pair.after.alt}` : pair.after.alt} lazy={index > 0} />
            </div>
          ))}
        </section>
      ) : null}
      <section aria-labelledby="story" className="mb-4 project-story">
        <h2 id="story" className="h3">
          The job
        </h2>
        <div className="story" dangerouslySetInnerHTML={{ __html: story }} />
      </section>
      {review ? (
        <section aria-labelledby="project-review" className="mb-4">
          <h2 id="project-review" className="h3">
            What the customer said
          </h2>
          <Suspense fallback={null}>
            <ReviewCard review={review} replyFrom={replyFrom} />
          </Suspense>
        </section>
      ) : null}
      {project.photos.length > 0 ? (
        <section aria-labelledby="more-photos" className="mb-4">
          <h2 id="more-photos" className="h3">
            More photos
          </h2>
          {/* Held until the first pair is drawn, each in a box of its own proportions so nothing moves when it comes. */}
          <div className="project-photos photo-held">
            {project.photos.map((photo) => (
              <div key={photo.id} style={{ aspectRatio: `${photo.width} / ${photo.height}`, backgroundColor: photo.placeholderColor }}>
                <PhotoView photo={photo} sizes="(min-width: 992px) 300px, (min-width: 576px) 50vw, 100vw" lazy />
              </div>
            ))}
          </div>
        </section>
      ) : null}
      <p>
        <Link to="/contact" className="btn btn-primary">
          Ask for a quote for a job like this
        </Link>
      </p>
    </article>
  );
}
