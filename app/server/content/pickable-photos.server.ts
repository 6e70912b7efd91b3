import type { PickablePhoto } from "~/components/content/content-field";
import { toGalleryPhotos } from "~/lib/gallery-photo";
import type { Db } from "../db/client.server";
import { listRecentImages } from "../db/public-images.server";

/** How many of the newest gallery photos the editor's photo pickers offer. */
const PICKABLE = 60;

/** Photos already uploaded to the galleries, newest first, for the editor's pickers. */
export async function listPickablePhotos(db: Db): Promise<PickablePhoto[]> {
  return toGalleryPhotos(await listRecentImages(db, PICKABLE)).map(({ id, alt, src, srcSet, width, height }) => ({ id, alt, src, srcSet, width, height }));
}
