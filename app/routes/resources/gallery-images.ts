import { getDb } from "~/server/db/client.server";
import { getGalleryCategory, getGalleryPage, parseAfterParam } from "~/server/images/gallery-page.server";
import type { Route } from "./+types/gallery-images";

/**
 * /gallery/{id}/images?after={imageId}: the next page of a gallery as JSON, fetched by the page as the visitor
 * scrolls. A plain fetch (not a fetcher) so a failed request stays a message under the photos, not an error page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  const category = await getGalleryCategory(db, params.id);
  if (!category) return Response.json({ error: "Not Found" }, { status: 404 });
  const after = parseAfterParam(new URL(request.url));
  if (after === null) return Response.json({ error: "after must be an image id" }, { status: 400 });
  const { items, nextAfter } = await getGalleryPage(db, category.id, after);
  return Response.json({ items, nextAfter }, { headers: { "Cache-Control": "no-cache", "X-Robots-Tag": "noindex" } });
}
