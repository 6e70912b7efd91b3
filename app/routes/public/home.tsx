import { Link, useRouteLoaderData } from "react-router";
import { Accreditations } from "~/components/public/accreditations";
import { Paragraphs } from "~/components/public/paragraphs";
import { PhotoView } from "~/components/public/photo-view";
import { toGalleryPhoto } from "~/lib/gallery-photo";
import { LEAN_STYLES } from "~/lib/page-handle";
import { pageMeta } from "~/lib/seo";
import { localBusinessJsonLd } from "~/lib/structured-data";
import type { RootData } from "~/root";
import { listPickedImages } from "~/server/content/pickable-photos.server";
import { getDb } from "~/server/db/client.server";
import { getReviewStats, listPublishedReviews } from "~/server/db/reviews.server";
import { toPublicReview } from "~/server/reviews/public-review.server";
import { ReviewQuote } from "~/components/reviews/review-quote";
import { formatAverage } from "~/lib/reviews";
import { listCategoriesWithCovers } from "~/server/db/category-covers.server";
import { renderParagraphs } from "~/server/content/markdown.server";
import { getSiteContent } from "~/server/content/site-content.server";
import type { Route } from "./+types/home";

export const handle = LEAN_STYLES;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const root = matches[0].loaderData;
  const tags = pageMeta(root, { title: loaderData.page.title, description: loaderData.page.description, path: "/" });
  if (!root) return tags;
  return [...tags, { "script:ld+json": localBusinessJsonLd(loaderData.business, loaderData.services, root.publicUrl) }];
}

/** How many galleries the home page shows as tiles (the first ones in the owner's order). */
const GALLERY_TILES = 8;
/** How many of the newest published reviews it shows. */
const LATEST_REVIEWS = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const { business, services, pages } = getSiteContent(context);
  // The picture the owner chose in the content editor; the illustration while none is chosen (or it was deleted).
  const chosen = business.homeImageId ? (await listPickedImages(getDb(), [business.homeImageId])).get(business.homeImageId) : undefined;
  const picture = chosen ? toGalleryPhoto(chosen) : null;
  return {
    picture: picture ? { src: picture.src, srcSet: picture.srcSet, width: picture.width, height: picture.height } : { src: "/images/home/hero.svg", srcSet: undefined, width: 600, height: 480 },
    page: { ...pages.home, intro: renderParagraphs(pages.home.intro), about: renderParagraphs(pages.home.about) },
    business,
    links: { webdev: business.showWebdev, homeAutomation: business.showHomeAutomation },
    services: services.map(({ id, name, summary }) => ({ id, name, summary })),
    // One tile per gallery, in the owner's order, each showing its cover photo.
    galleries: (await listCategoriesWithCovers(getDb()))
      .map(({ id, name, cover }) => ({ id, name, cover: cover ? toGalleryPhoto(cover) : null }))
      .filter((gallery) => gallery.cover !== null)
      .slice(0, GALLERY_TILES),
    latestReviews: (await listPublishedReviews(getDb(), { limit: LATEST_REVIEWS })).map(toPublicReview),
    reviewStats: await getReviewStats(getDb()),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { page, business, links, picture, services, galleries, latestReviews, reviewStats } = loaderData;
  // The layout's own query already says whether a project is published (the navbar links to /projects only then).
  const hasProjects = useRouteLoaderData<RootData>("root")?.hasProjects ?? false;
  return (
    <>
      <section className="home-hero border-bottom">
        <div className="container py-5 home-hero-layout">
          <div>
            <h1 className="display-5 fw-bold">{page.heading}</h1>
            <Paragraphs html={page.intro} className="fs-5" />
            <div className="d-flex flex-wrap gap-2 mt-4">
              <Link to="/contact#quote" className="btn btn-primary btn-lg">
                {page.callToAction}
              </Link>
              <a href={`tel:${business.phoneE164}`} className="btn btn-outline-primary btn-lg">
                Call {business.phone}
              </a>
            </div>
          </div>
          {/* Decoration for wide screens only; lazy, so phones, which hide it, never download it. */}
          <img src={picture.src} srcSet={picture.srcSet} sizes={picture.srcSet ? "40vw" : undefined} alt="" width={picture.width} height={picture.height} loading="lazy" className="home-hero-art" />
        </div>
      </section>

      <div className="container">
        <section className="py-5" aria-labelledby="areas-heading">
          <h2 id="areas-heading">{page.areasHeading}</h2>
          <ul className="area-list">
            {business.areas.map((area) => (
              <li key={area}>{area}</li>
            ))}
          </ul>
        </section>

        <section className="pb-5" aria-labelledby="services-heading">
          <h2 id="services-heading">{page.servicesHeading}</h2>
          <p>{page.servicesIntro}</p>
          <ul className="service-grid">
            {services.map((service) => (
              <li key={service.id} className="service-tile">
                <Link to={`/services#${service.id}`} className="service-tile-link">
                  <span className="service-tile-name">{service.name}</span>
                  <span className="service-tile-summary">{service.summary}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        {galleries.length > 0 ? (
          <section className="pb-5" aria-labelledby="recent-heading">
            <h2 id="recent-heading">{page.recentWorkHeading}</h2>
            <ul className="recent-photos">
              {galleries.map((gallery) =>
                gallery.cover ? (
                  <li key={gallery.id} className="gallery-tile">
                    <Link to={`/gallery/${gallery.id}`}>
                      <PhotoView photo={gallery.cover} sizes="(min-width: 992px) 25vw, 50vw" lazy />
                      <span className="gallery-tile-name">{gallery.name}</span>
                    </Link>
                  </li>
                ) : null,
              )}
            </ul>
            {hasProjects ? (
              <p>
                <Link to="/projects">See whole jobs, before and after</Link>
              </p>
            ) : null}
          </section>
        ) : hasProjects ? (
          <p className="pb-4">
            <Link to="/projects">See whole jobs, before and after</Link>
          </p>
        ) : null}

        {latestReviews.length > 0 ? (
          <section className="pb-5" aria-labelledby="reviews-heading">
            <h2 id="reviews-heading">What customers say</h2>
            {latestReviews.map((review) => (
              <ReviewQuote key={review.id} review={review} />
            ))}
            <p>
              <Link to="/reviews">
                All {reviewStats.count} {reviewStats.count === 1 ? "review" : "reviews"}, average {formatAverage(reviewStats.average)} out of 5
              </Link>
            </p>
          </section>
        ) : null}

        <section className="pb-5" aria-labelledby="about-heading">
          <h2 id="about-heading">{page.aboutHeading}</h2>
          <Paragraphs html={page.about} />
          <ul className="more-links">
            <li>
              <Link to="/aboutme">More about me</Link>
            </li>
            {links.webdev ? (
              <li>
                <Link to="/webdev">Web and application development</Link>
              </li>
            ) : null}
            {links.homeAutomation ? (
              <li>
                <Link to="/ha">Home automation for landlords</Link>
              </li>
            ) : null}
          </ul>
        </section>

        <section className="contact-panel p-4 mb-4" aria-labelledby="contact-heading">
          <h2 id="contact-heading">{page.contactHeading}</h2>
          <p>{page.contactText}</p>
          <Accreditations items={business.accreditations} />
          <p className="mb-0 d-flex flex-wrap gap-3">
            <a href={`mailto:${business.email}`}>{business.email}</a>
            <a href={`tel:${business.phoneE164}`}>{business.phone}</a>
            <Link to="/contact#quote">Ask for a quote with photos</Link>
            <Link to="/contact">All the ways to get in touch</Link>
          </p>
        </section>
      </div>
    </>
  );
}
