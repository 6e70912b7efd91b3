import { isPageShown } from "~/lib/content/page-switches";
import { getPublishedContent } from "~/server/content/site-content.server";
import { listCategories } from "~/server/db/categories.server";
import { getDb } from "~/server/db/client.server";
import { getEnv } from "~/server/env.server";
import { renderSitemap } from "~/server/seo/crawlers.server";
import { listSitemapExtras } from "~/server/seo/sitemap-images.server";

export async function loader() {
  const db = getDb();
  const galleries = await listCategories(db);
  const galleryIds = galleries.map((g) => g.id);
  const extras = await listSitemapExtras(db, galleryIds);
  // /projects is listed once a project is published: an empty list is no page for a search engine.
  const shown = (path: string) => isPageShown(getPublishedContent().business, path) && (path !== "/projects" || extras.paths.length > 0);
  const xml = renderSitemap(getEnv().publicUrl, galleryIds, shown, extras);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
