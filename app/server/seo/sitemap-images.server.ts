import type { Db } from "../db/client.server";
import { listPickedImages } from "../content/pickable-photos.server";
import { getShareImage } from "../images/gallery-page.server";
import { listPublishedProjects } from "../projects/projects.server";
import type { SitemapExtras, SitemapImage } from "./crawlers.server";

/**
 * The image sitemap's public photos: each gallery's ready photos with its gallery page, and each published
 * project's photos with the project's page. Nothing else is read: enquiry photos live in their own table and
 * drafts are never asked for (listPublishedProjects reads published content only).
 */

function toSitemapImage(row: { id: string; variants: string; title?: string; caption?: string }, title?: string): SitemapImage | null {
  const share = getShareImage(row);
  return share ? { path: share.url, title: title || row.title || row.caption || undefined } : null;
}

export async function listSitemapExtras(db: Db, galleryIds: readonly number[]): Promise<Required<SitemapExtras>> {
  const images = new Map<string, SitemapImage[]>();
  if (galleryIds.length > 0) {
    const rows = await db
      .selectFrom("image")
      .select(["id", "categoryId", "title", "caption", "variants"])
      .where("status", "=", "ready")
      .where("categoryId", "in", [...galleryIds])
      .orderBy("id", "asc")
      .execute();
    for (const row of rows) {
      const image = toSitemapImage(row);
      if (!image) continue;
      const path = `/gallery/${row.categoryId}`;
      images.set(path, [...(images.get(path) ?? []), image]);
    }
  }
  const projects = await listPublishedProjects(db);
  const rows = await listPickedImages(db, projects.flatMap((p) => [...p.pairs.flatMap((pair) => [pair.before, pair.after]), ...p.photos.map((photo) => photo.id)]));
  for (const project of projects) {
    const photos = [...project.pairs.flatMap((pair) => [{ id: pair.before, alt: pair.beforeAlt }, { id: pair.after, alt: pair.afterAlt }]), ...project.photos];
    const list = photos.flatMap((photo) => {
      const row = rows.get(photo.id);
      return (row && toSitemapImage(row, photo.alt)) ?? [];
    });
    images.set(`/projects/${project.slug}`, list);
  }
  return { paths: projects.map((project) => `/projects/${project.slug}`), images };
}
