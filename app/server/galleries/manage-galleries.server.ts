import { rm } from "node:fs/promises";
import type { Db } from "../db/client.server";
import { CategoryExistsError, createCategory, deleteCategoryRow, getCategory, renameCategory } from "../db/categories.server";
import { deleteImage, getImage, getImageByName, updateImageDetails } from "../db/images.server";
import type { Image } from "../db/schema.server";
import { getImageWorker, getJobDirectory } from "../images/background-jobs.server";
import { ImageDeletedError, type UploadedImage } from "../images/create-image.server";
import { DecodeQueueFullError } from "../images/decode-queue.server";
import { deleteImageFiles } from "../images/image-files.server";
import { ImageRejectedError } from "../images/inspect-upload.server";
import { logger } from "../logger.server";
import type { Storage } from "../storage/storage-contract.server";
import { takeCompletedUpload } from "../uploads/completed-uploads.server";

export type Outcome<T = undefined> = { ok: true; value: T } | { ok: false; status: number; message: string; field?: string };

const ok = <T,>(value: T): Outcome<T> => ({ ok: true, value });
const fail = (status: number, message: string, field?: string): Outcome<never> => ({ ok: false, status, message, field });

export const IMAGE_EXISTS = "Image already exists";
const STALE = "Someone else changed this image since you opened it. The latest version is shown now; please make your change again.";
const GONE_CATEGORY = "That category no longer exists. The list has been refreshed.";
const GONE_IMAGE = "That image no longer exists. The list has been refreshed.";

export async function addCategory(db: Db, name: string): Promise<Outcome<{ id: number; name: string }>> {
  try {
    const category = await createCategory(db, name);
    return ok({ id: category.id, name: category.name });
  } catch (error) {
    if (error instanceof CategoryExistsError) return fail(409, error.message, "newCategory");
    throw error;
  }
}

export async function changeCategoryName(db: Db, id: number, name: string): Promise<Outcome<{ id: number; name: string }>> {
  try {
    const category = await renameCategory(db, id, name);
    return category ? ok({ id: category.id, name: category.name }) : fail(404, GONE_CATEGORY);
  } catch (error) {
    if (error instanceof CategoryExistsError) return fail(409, error.message, "categoryName");
    throw error;
  }
}

/**
 * Rows first (one transaction), files after: if the process dies in between, the files have no row and
 * the periodic orphan sweep removes them; nothing visible is ever left pointing at missing files.
 */
export async function removeCategory(db: Db, storage: Storage, id: number): Promise<Outcome> {
  const imageIds = await deleteCategoryRow(db, id);
  if (imageIds === null) return fail(404, GONE_CATEGORY);
  for (const imageId of imageIds) await removeFilesQuietly(storage, imageId);
  return ok(undefined);
}

export async function removeImage(db: Db, storage: Storage, id: string): Promise<Outcome> {
  const image = await getImage(db, id);
  if (!image) return fail(404, GONE_IMAGE);
  await deleteImage(db, id);
  await removeFilesQuietly(storage, id);
  return ok(undefined);
}

async function removeFilesQuietly(storage: Storage, imageId: string) {
  try {
    await deleteImageFiles(storage, getJobDirectory(), imageId);
  } catch (error) {
    logger.warn({ err: error, imageId }, "image files left for the orphan sweep");
  }
}

export type ImageSave = { id: string; version: number; name: string; title: string; caption: string };

/**
 * Save Image: the name, title and caption as the form holds them, in one write. (The spec's form saved only the
 * new name when the name changed, silently dropping a title or caption typed at the same time.)
 */
export async function saveImage(db: Db, input: ImageSave): Promise<Outcome<Image>> {
  const result = await updateImageDetails(db, input.id, input.version, { name: input.name, title: input.title, caption: input.caption });
  if (result.ok) return ok(result.image);
  if (result.reason === "name-taken") return fail(409, IMAGE_EXISTS, "imageName");
  if (result.reason === "missing") return fail(404, GONE_IMAGE);
  return fail(409, STALE);
}

export async function moveImage(db: Db, input: { id: string; version: number; categoryId: number }): Promise<Outcome<Image>> {
  if (!(await getCategory(db, input.categoryId))) return fail(404, GONE_CATEGORY);
  const result = await updateImageDetails(db, input.id, input.version, { categoryId: input.categoryId });
  if (result.ok) return ok(result.image);
  if (result.reason === "name-taken") return fail(409, `${IMAGE_EXISTS} in that category. Rename it first.`);
  if (result.reason === "missing") return fail(404, GONE_IMAGE);
  return fail(409, STALE);
}

export type FinishUpload = { uploadId: string; categoryId: number; name: string; title: string; caption: string };

/**
 * The second half of an upload: the bytes arrived through the resumable endpoint; check the name, then
 * hand the file to the image pipeline, which refuses anything that is not really an image (nothing stored).
 */
export async function finishUpload(db: Db, input: FinishUpload): Promise<Outcome<Image>> {
  const upload = await takeCompletedUpload(input.uploadId);
  if (!upload) return fail(400, "The upload did not finish. Please try again.", "file");
  return addUploadedImage(db, { file: upload.file, categoryId: input.categoryId, name: input.name, title: input.title, caption: input.caption });
}

/**
 * A file that has arrived whole (through the resumable endpoint, or a plain form post without JavaScript) into
 * the image pipeline: the same checks and the same pipeline whichever way it came. The file is the pipeline's
 * (or deleted) afterwards.
 */
export async function addUploadedImage(db: Db, input: UploadedImage): Promise<Outcome<Image>> {
  const discard = () => rm(input.file, { force: true });
  if (!(await getCategory(db, input.categoryId))) {
    await discard();
    return fail(404, GONE_CATEGORY, "category");
  }
  if (await getImageByName(db, input.categoryId, input.name)) {
    await discard();
    return fail(409, IMAGE_EXISTS, "name");
  }
  try {
    const image = await getImageWorker().addImage(input);
    return ok(image);
  } catch (error) {
    await discard();
    if (error instanceof ImageRejectedError) return fail(400, error.message, "file");
    if (error instanceof DecodeQueueFullError) return fail(503, error.message, "file");
    if (error instanceof ImageDeletedError) return fail(409, `${error.message} Its category may have been deleted.`, "file");
    // Two uploads with the same name at once: the unique index catches the second.
    if (await getImageByName(db, input.categoryId, input.name)) return fail(409, IMAGE_EXISTS, "name");
    throw error;
  }
}
