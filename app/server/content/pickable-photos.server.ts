import type { PickablePhoto } from "~/components/content/content-field";
import { type StoredPhoto, toGalleryPhotos } from "~/lib/gallery-photo";
import type { Db } from "../db/client.server";
import { listRecentImages } from "../db/public-images.server";

/** How many of the newest gallery photos the editor's photo pickers offer. */
const PICKABLE = 60;

/** Photos already uploaded to the galleries, newest first, for the editor's pickers. */
export async function listPickablePhotos(db: Db): Promise<PickablePhoto[]> {
  return toGalleryPhotos(await listRecentImages(db, PICKABLE)).map(({ id, alt, src, srcSet, width, height }) => ({ id, alt, src, srcSet, width, height }));
}

/**
 * The ready photos the owner picked in the editor, by id (a deleted one is simply missing). The editor itself also
 * asks for those still processing (`withProcessing`): a photo just uploaded has its first sizes and is shown there.
 */
export async function listPickedImages(db: Db, ids: readonly string[], { withProcessing = false } = {}): Promise<Map<string, StoredPhoto>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("image")
    .select(["id", "categoryId", "title", "caption", "width", "height", "placeholder", "variants"])
    .where("id", "in", [...new Set(ids)])
    .where("status", "in", withProcessing ? ["ready", "processing"] : ["ready"])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
