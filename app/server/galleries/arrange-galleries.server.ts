import type { Db } from "../db/client.server";
import { setCategoryCover } from "../db/category-covers.server";
import { deleteImageRows, moveImagesToCategory } from "../db/image-batch.server";
import { type Placement, moveCategory, movePhoto } from "../db/photo-order.server";
import { deleteImageFiles } from "../images/image-files.server";
import type { ImagePipeline } from "../images/image-pipeline.server";
import { logger } from "../logger.server";
import type { Outcome } from "./manage-galleries.server";

const ok = <T,>(value: T): Outcome<T> => ({ ok: true, value });
const fail = (status: number, message: string): Outcome<never> => ({ ok: false, status, message });

/** Moving to where it already is (the first photo earlier, say) is no error: nothing changes. */
export async function reorderPhoto(db: Db, imageId: string, placement: Placement): Promise<Outcome<{ moved: boolean }>> {
  return ok({ moved: await movePhoto(db, imageId, placement) });
}

export async function reorderCategory(db: Db, categoryId: number, placement: Placement): Promise<Outcome<{ moved: boolean }>> {
  return ok({ moved: await moveCategory(db, categoryId, placement) });
}

export async function chooseCover(db: Db, categoryId: number, imageId: string): Promise<Outcome> {
  if (!(await setCategoryCover(db, categoryId, imageId))) return fail(404, "That photo is no longer in this category. The list has been refreshed.");
  return ok(undefined);
}

export async function moveSelected(db: Db, imageIds: string[], categoryId: number): Promise<Outcome<{ count: number }>> {
  const result = await moveImagesToCategory(db, imageIds, categoryId);
  if (result.ok) return ok({ count: result.moved });
  if (result.reason === "missing-category") return fail(404, "That category no longer exists. The list has been refreshed.");
  return fail(409, `Nothing was moved: that category already has photos named ${result.names.map((n) => `"${n}"`).join(", ")}. Rename them first.`);
}

/**
 * Rows first, in one transaction; the files after it. If the process dies in between, the files have no row and
 * the periodic orphan sweep removes them: nothing visible ever points at missing files.
 */
export async function deleteSelected(pipeline: ImagePipeline, imageIds: string[]): Promise<Outcome<{ count: number }>> {
  const deleted = await deleteImageRows(pipeline.db, imageIds);
  for (const imageId of deleted) {
    try {
      await deleteImageFiles(pipeline.storage, pipeline.jobDirectory, imageId);
    } catch (error) {
      logger.warn({ err: error, imageId }, "image files left for the orphan sweep");
    }
  }
  return ok({ count: deleted.length });
}
