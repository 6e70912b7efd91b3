import { parseVariants } from "~/lib/image-variants";
import type { Db } from "../db/client.server";
import { logger } from "../logger.server";
import { loadStandIn } from "./finish-image.server";
import type { ImagePipeline } from "./image-pipeline.server";
import { storeVariants } from "./store-variant.server";
import { batchVariants, listPendingVariants } from "./variants.server";

/** At most this many photos are given their missing sizes per maintenance run: about 0.6 s of CPU each. */
const PHOTOS_PER_RUN = 200;
const ROWS_PER_READ = 200;

type Candidate = { id: string; width: number; pending: number };

/** Ready photos that lack a size the pipeline now makes, in id order after `after`, up to `limit` of them. */
async function findPhotosMissingSizes(db: Db, after: string, limit: number): Promise<{ found: Candidate[]; last: string | null }> {
  const rows = await db
    .selectFrom("image")
    .select(["id", "width", "variants"])
    .where("status", "=", "ready")
    .where("id", ">", after)
    .orderBy("id")
    .limit(ROWS_PER_READ)
    .execute();
  const found: Candidate[] = [];
  for (const row of rows) {
    const variants = parseVariants(row.variants);
    if (variants.length === 0) continue;
    const width = row.width ?? Math.max(...variants.map((v) => v.width));
    const pending = listPendingVariants(width, variants).length;
    if (pending > 0) found.push({ id: row.id, width, pending });
    if (found.length === limit) return { found, last: row.id };
  }
  return { found, last: rows.length === ROWS_PER_READ ? rows.at(-1)!.id : null };
}

export type AddedSizes = { photos: number; variants: number; failed: number };

/**
 * Photos stored before a size joined the pipeline (the 960-wide one, on 2026-11-26) lack it, and their masters are
 * long gone: the missing sizes are made from the largest WebP or JPEG they have, one photo at a time in the decode
 * queue's background turn (a visitor's or the owner's upload goes first), at most PHOTOS_PER_RUN per call. Pages
 * offer the new size as soon as it is recorded. `shouldStop` is asked between photos.
 */
export async function addMissingSizes(pipeline: ImagePipeline, shouldStop: () => boolean = () => false, limit = PHOTOS_PER_RUN): Promise<AddedSizes> {
  const result: AddedSizes = { photos: 0, variants: 0, failed: 0 };
  let after = "";
  while (result.photos + result.failed < limit && !shouldStop()) {
    const { found, last } = await findPhotosMissingSizes(pipeline.db, after, limit - result.photos - result.failed);
    for (const candidate of found) {
      if (shouldStop()) return result;
      try {
        const image = await pipeline.db.selectFrom("image").selectAll().where("id", "=", candidate.id).executeTakeFirst();
        const standIn = image && image.status === "ready" ? await loadStandIn(pipeline, image) : null;
        if (!image || !standIn) {
          result.failed += 1;
          continue;
        }
        const pending = listPendingVariants(candidate.width, parseVariants(image.variants));
        let stored = 0;
        for (const batch of batchVariants(pending)) {
          if (!(await storeVariants(pipeline, image.id, standIn, batch))) break;
          stored += batch.length;
        }
        result.photos += 1;
        result.variants += stored;
      } catch (error) {
        logger.warn({ err: error, imageId: candidate.id }, "could not add the missing sizes of a photo");
        result.failed += 1;
      }
    }
    if (last === null) break;
    after = last;
  }
  return result;
}
