import { copyFile, mkdir, open, rename, rm } from "node:fs/promises";
import { getImage } from "../db/images.server";
import type { Image } from "../db/schema.server";
import type { ImagePipeline } from "./image-pipeline.server";
import { inspectUpload } from "./inspect-upload.server";
import { SNIFF_BYTES, sniffFormat } from "./sniff-format.server";
import { decodeMasterToFile, deleteMaster, getKeptUploadFile, getMasterFile, shareMasterFile } from "./master-image.server";

/** Moves a finished upload into the job folder, where it waits for its master to be made (makeMasterFromKeptUpload). */
export async function keepUpload(file: string, jobDirectory: string, imageId: string): Promise<void> {
  const kept = getKeptUploadFile(jobDirectory, imageId);
  await mkdir(jobDirectory, { recursive: true });
  await rename(file, kept).catch(async (error: NodeJS.ErrnoException) => {
    // The uploads on another file system than the data folder: a copy does the same.
    if (error.code !== "EXDEV") throw error;
    await copyFile(file, kept);
    await rm(file, { force: true });
  });
}

async function readHead(file: string): Promise<Buffer | null> {
  const handle = await open(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (!handle) return null;
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Makes an image's master from its kept upload: decoded at full size, turned upright, written to the job folder
 * and shared like any master, then the upload (and its metadata) deleted. Called by the upload right after its
 * first variants, under its lease, and again by finishImageVariants if that was cut short. False when the image
 * has no kept upload (its master was made at upload time, or already from the upload).
 */
export async function makeMasterFromKeptUpload(
  pipeline: ImagePipeline,
  image: Pick<Image, "id" | "width" | "height">,
): Promise<boolean> {
  const kept = getKeptUploadFile(pipeline.jobDirectory, image.id);
  const head = await readHead(kept);
  if (!head) return false;
  const format = sniffFormat(head);
  // Only uploads inspectUpload accepted are kept, and only in the formats canDecodeSmall names.
  if (format !== "jpeg" && format !== "webp") throw new Error(`The kept upload of image ${image.id} is not a JPEG or WebP.`);
  // The row has the upright size inspectUpload read at upload time (a row without it is looked at again).
  const inspected = image.width && image.height ? { format, width: image.width, height: image.height } : await inspectUpload(kept);
  const masterFile = getMasterFile(pipeline.jobDirectory, image.id);
  await decodeMasterToFile(kept, inspected, masterFile);
  await shareMasterFile(pipeline.storage, masterFile, image.id);
  await rm(kept, { force: true });
  // Deleted while its master was being made: the deletion could not see the master yet.
  if (!(await getImage(pipeline.db, image.id))) await deleteMaster(pipeline.storage, pipeline.jobDirectory, image.id);
  return true;
}
