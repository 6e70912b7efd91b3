import { toGalleryPhotos } from "~/lib/gallery-photo";
import { type Photo, staticPhoto } from "~/lib/photo";
import type { Service } from "~/lib/site-config";
import type { Db } from "../db/client.server";
import { listFirstImagesByCategoryName } from "../db/public-images.server";
import { listPickedImages } from "../content/pickable-photos.server";

/** Every service section shows two photos. */
export const PHOTOS_PER_SERVICE = 2;

/** Generated artwork for services that have neither gallery photos nor artwork of their own. */
const DEFAULT_ARTWORK = [
  { src: "/images/services/default-1.svg", alt: "Illustration: a house under renovation with a ladder", width: 800, height: 600 },
  { src: "/images/services/default-2.svg", alt: "Illustration: a toolbox with a hammer, a level and a trowel", width: 800, height: 600 },
];

/**
 * The two photos of each service: the first photos of the gallery category linked to it, topped up with its
 * artwork until the owner has uploaded enough.
 */
export async function listServicePhotos(db: Db, services: readonly Service[]): Promise<Map<string, Photo[]>> {
  const names = services.flatMap((service) => (service.galleryCategory ? [service.galleryCategory] : []));
  const [rowsByCategory, picked] = await Promise.all([
    listFirstImagesByCategoryName(db, names, PHOTOS_PER_SERVICE),
    listPickedImages(db, services.flatMap((service) => service.photoIds ?? [])),
  ]);
  return new Map(
    services.map((service) => {
      // Photos picked in the content editor first, then the linked gallery's first photos.
      const chosen = toGalleryPhotos((service.photoIds ?? []).flatMap((id) => picked.get(id) ?? []));
      const stored: Photo[] = [...chosen, ...(service.galleryCategory ? toGalleryPhotos(rowsByCategory.get(service.galleryCategory) ?? []) : [])];
      const artwork = (service.artwork ?? DEFAULT_ARTWORK).map(staticPhoto);
      return [service.id, [...stored, ...artwork, ...DEFAULT_ARTWORK.map(staticPhoto)].slice(0, PHOTOS_PER_SERVICE)];
    }),
  );
}
