import { type GalleryPhoto, toGalleryPhotos } from "~/lib/gallery-photo";
import { formatCostBand, formatMonth } from "~/lib/projects/project";
import type { Photo } from "~/lib/photo";
import type { Db } from "../db/client.server";
import { listPickedImages } from "../content/pickable-photos.server";
import { type ShareImage, getShareImage } from "../images/gallery-page.server";
import type { PublishedProject } from "./projects.server";

/** What the public project pages show of a published project: its photos resolved, its facts worded. */

export type ProjectPhoto = Photo & { id: string };
export type ProjectPair = { before: ProjectPhoto; after: ProjectPhoto };

export type ProjectSummary = {
  id: string;
  slug: string;
  title: string;
  service: string;
  serviceId: string;
  town: string;
  when: string;
  month: string;
  cover: ProjectPhoto | null;
};

type ServiceNames = ReadonlyMap<string, string>;

/** The picked photos' rows (for the share image) and their views by id, read and built once. */
async function loadPhotos(db: Db, ids: string[]) {
  const rows = [...(await listPickedImages(db, ids)).values()];
  return { rows, photos: new Map(toGalleryPhotos(rows).map((photo) => [photo.id, photo])) };
}

function withAlt(photo: GalleryPhoto | undefined, alt: string): ProjectPhoto | null {
  return photo ? { ...photo, alt } : null;
}

/** The photo a project is known by: its first pair's "after", or its first photo. */
function coverOf(project: PublishedProject, photos: Map<string, GalleryPhoto>): ProjectPhoto | null {
  for (const pair of project.pairs) {
    const after = withAlt(photos.get(pair.after), pair.afterAlt);
    if (after) return after;
  }
  for (const photo of project.photos) {
    const found = withAlt(photos.get(photo.id), photo.alt);
    if (found) return found;
  }
  return null;
}

/** A project's facts as the list and its page word them, with its cover photo. */
function summarise(project: PublishedProject, photos: Map<string, GalleryPhoto>, services: ServiceNames): ProjectSummary {
  return {
    id: project.id,
    slug: project.slug,
    title: project.title,
    service: services.get(project.serviceId) ?? "",
    serviceId: project.serviceId,
    town: project.town,
    when: formatMonth(project.month),
    month: project.month,
    cover: coverOf(project, photos),
  };
}

export async function summariseProjects(db: Db, projects: PublishedProject[], services: ServiceNames): Promise<ProjectSummary[]> {
  const { photos } = await loadPhotos(db, projects.flatMap((project) => [...project.pairs.map((pair) => pair.after), ...project.photos.slice(0, 1).map((photo) => photo.id)]));
  return projects.map((project) => summarise(project, photos, services));
}

export type ProjectView = ProjectSummary & {
  duration: string;
  cost: string | null;
  pairs: ProjectPair[];
  photos: ProjectPhoto[];
  shareImage: (ShareImage & { alt: string }) | null;
};

export async function viewProject(db: Db, project: PublishedProject, services: ServiceNames): Promise<ProjectView> {
  const ids = [...project.pairs.flatMap((pair) => [pair.before, pair.after]), ...project.photos.map((photo) => photo.id)];
  const { rows, photos } = await loadPhotos(db, ids);
  const pairs = project.pairs.flatMap((pair) => {
    const before = withAlt(photos.get(pair.before), pair.beforeAlt);
    const after = withAlt(photos.get(pair.after), pair.afterAlt);
    return before && after ? [{ before, after }] : [];
  });
  const summary = summarise(project, photos, services);
  const coverRow = summary.cover ? rows.find((row) => row.id === summary.cover!.id) : undefined;
  const share = coverRow ? getShareImage(coverRow) : null;
  return {
    ...summary,
    duration: project.duration,
    cost: project.costFrom !== null && project.costTo !== null ? formatCostBand(project.costFrom, project.costTo) : null,
    pairs,
    photos: project.photos.flatMap((photo) => withAlt(photos.get(photo.id), photo.alt) ?? []),
    shareImage: share && summary.cover ? { ...share, alt: summary.cover.alt } : null,
  };
}
