import { Link, matchPath, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { GalleryGrid } from "~/components/gallery/gallery-grid";
import { LoadingImages } from "~/components/gallery/loading-images";
import { capitalise } from "~/lib/format";
import type { RootData } from "~/root";
import { getDb } from "~/server/db/client.server";
import { getCategoryCover } from "~/server/db/category-covers.server";
import { countCategoryImages } from "~/server/db/images.server";
import { getGalleryCategory, getGalleryPage, getShareImage, parseAfterParam } from "~/server/images/gallery-page.server";
import { getSiteContent } from "~/server/content/site-content.server";
import { LEAN_STYLES } from "~/lib/page-handle";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/gallery";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return loaderData ? pageMeta(matches[0].loaderData, loaderData.seo) : [];
}

// Its styles (styles/gallery.css) are in the inlined site stylesheet: no stylesheet to wait for before the photos.
export const handle = LEAN_STYLES;

/**
 * /gallery/{id}, optionally ?after={imageId}. Works from the address alone (the name is looked up by id). The
 * server renders the first page of photos; the page fetches the rest from /gallery/{id}/images as the visitor
 * scrolls, and without JavaScript "Load more photos" links to the ?after= page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = getDb();
  const category = await getGalleryCategory(db, params.id);
  if (!category) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const after = parseAfterParam(new URL(request.url));
  if (after === null) {
    throw new Response("This address asks for the photos after one that does not exist.", { status: 400, statusText: "Bad Request" });
  }
  const [page, total, cover] = await Promise.all([
    getGalleryPage(db, category.id, after),
    countCategoryImages(db, category.id),
    getCategoryCover(db, category),
  ]);
  // Link previews show the category's cover photo (chosen in Manage Galleries, else its first photo).
  const shareImage = cover ? getShareImage(cover) : null;
  const { business } = getSiteContent(context);
  const name = capitalise(category.name);
  const photos = total === 0 ? "Photos" : `${total} ${total === 1 ? "photo" : "photos"}`;
  return {
    category: { id: category.id, name },
    total,
    page: { items: page.items, nextAfter: page.nextAfter },
    fromStart: after === undefined,
    seo: {
      title: `${name} | ${business.shortName}`,
      description: `${name}: ${photos} of work by ${business.name} around ${business.locality}.`,
      path: `/gallery/${category.id}${after ? `?after=${after}` : ""}`,
      image: shareImage ? { ...shareImage, alt: `${name}: a photo of the work` } : undefined,
    },
  };
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { category, total, page, fromStart } = loaderData;
  const location = useLocation();
  const nextGallery = useNextGallery();

  return (
    <div className="container py-4">
      <h1>{nextGallery ? nextGallery.name : category.name}</h1>
      {nextGallery ? (
        <LoadingImages className="my-5" />
      ) : total === 0 ? (
        <EmptyGallery />
      ) : (
        <>
          <p className="text-body-secondary">
            {total} {total === 1 ? "photo" : "photos"}. Click on a photo to see it larger.
          </p>
          {fromStart ? null : (
            <p>
              <Link to={`/gallery/${category.id}`}>Back to the first photos</Link>
            </p>
          )}
          <GalleryGrid
            // A new address (another gallery, or a ?after= page) starts afresh rather than appending to the last one.
            key={location.key}
            categoryId={category.id}
            categoryName={category.name}
            total={total}
            initial={page}
            fromStart={fromStart}
          />
        </>
      )}
    </div>
  );
}

/** While the navbar takes the visitor to another gallery: its name (known from the menu) for the heading. */
function useNextGallery(): { name: string } | null {
  const navigation = useNavigation();
  const location = useLocation();
  const root = useRouteLoaderData<RootData>("root");
  if (navigation.state !== "loading") return null;
  const match = matchPath("/gallery/:id", navigation.location.pathname);
  if (!match || navigation.location.pathname === location.pathname) return null;
  const name = root?.categories.find((c) => String(c.id) === match.params.id)?.name;
  return { name: name ? capitalise(name) : "Gallery" };
}

function EmptyGallery() {
  return (
    <div className="gallery-empty">
      <p className="lead">There are no photos in this gallery yet. Please check back soon.</p>
      <p>
        In the meantime, have a look at the <Link to="/services">services</Link> or <Link to="/contact">get in touch</Link>.
      </p>
    </div>
  );
}
