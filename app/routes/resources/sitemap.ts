import { isPageShown } from "~/lib/content/page-switches";
import { getPublishedContent } from "~/server/content/site-content.server";
import { listCategories } from "~/server/db/categories.server";
import { getDb } from "~/server/db/client.server";
import { getEnv } from "~/server/env.server";
import { renderSitemap } from "~/server/seo/crawlers.server";

export async function loader() {
  const galleries = await listCategories(getDb());
  const xml = renderSitemap(
    getEnv().publicUrl,
    galleries.map((g) => g.id),
    (path) => isPageShown(getPublishedContent().business, path),
  );
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
