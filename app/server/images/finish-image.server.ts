import { access } from "node:fs/promises";
import sharp from "sharp";
import { type ImageVariant, parseVariants } from "~/lib/image-variants";
import { getImage, updateImageStatus } from "../db/images.server";
import type { Image } from "../db/schema.server";
import { logger } from "../logger.server";
import { readAll } from "../storage/read-all.server";
import { runDecode } from "./decode-queue.server";
import { deleteImageFiles, getVariantKey } from "./image-files.server";
import { type MasterImage, deleteMaster, fetchSharedMaster, getMasterFile } from "./master-image.server";
import type { ImagePipeline } from "./image-pipeline.server";
import { makeMasterFromKeptUpload } from "./kept-upload.server";
import { storeVariants } from "./store-variant.server";
import { batchVariants, listPendingVariants } from "./variants.server";

export type FinishResult = "ready" | "stopped" | "deleted" | "failed";

/**
 * When the master file is gone (the data folder was replaced while the database and the storage were kept),
 * the largest stored WebP or JPEG variant stands in for it: the image still gets every format, if not at
 * full quality.
 */
export async function loadStandIn(pipeline: ImagePipeline, image: Image): Promise<MasterImage | null> {
  const candidates = parseVariants(image.variants)
    .filter((v) => v.format !== "avif")
    .toSorted((a, b) => b.width - a.width || (a.format === "webp" ? -1 : 1));
  const best: ImageVariant | undefined = candidates[0];
  if (!best) return null;
  const object = await pipeline.storage.get(getVariantKey(image.id, best));
  if (!object) return null;
  const bytes = await readAll(object.body);
  const { data, info } = await runDecode(() => sharp(bytes).raw().toBuffer({ resolveWithObject: true }), { background: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/**
 * Makes the image's missing variants two at a time (batchVariants), recording each as it lands, so work interrupted
 * by a shutdown or a crash picks up where it stopped. `shouldStop` is asked between batches.
 */
export async function finishImageVariants(
  pipeline: ImagePipeline,
  imageId: string,
  shouldStop: () => boolean | Promise<boolean> = () => false,
): Promise<FinishResult> {
  const masterFile = getMasterFile(pipeline.jobDirectory, imageId);
  const image = await getImage(pipeline.db, imageId);
  if (!image) {
    await deleteImageFiles(pipeline.storage, pipeline.jobDirectory, imageId);
    return "deleted";
  }
  if (image.status !== "processing") {
    await deleteMaster(pipeline.storage, pipeline.jobDirectory, imageId);
    return image.status;
  }

  // The master is on this machine when this instance took the upload; otherwise its shared copy is fetched. It is
  // made here from the upload kept for it when the server stopped before the upload's own request could make it.
  const hasMaster =
    (await access(masterFile).then(
      () => true,
      () => false,
    )) ||
    (await fetchSharedMaster(pipeline.storage, imageId, masterFile)) ||
    (await makeMasterFromKeptUpload(pipeline, image));
  const source = hasMaster ? masterFile : await loadStandIn(pipeline, image);
  if (!source) {
    logger.error({ imageId }, "image has neither a master file nor a stored variant to finish from");
    await updateImageStatus(pipeline.db, imageId, "failed");
    return "failed";
  }
  if (!hasMaster) logger.warn({ imageId }, "master file missing: finishing the image from its largest stored variant");

  const width =
    image.width ?? (typeof source === "string" ? (await runDecode(() => sharp(source).metadata(), { background: true })).width : source.width);
  for (const batch of batchVariants(listPendingVariants(width, parseVariants(image.variants)))) {
    if (await shouldStop()) return "stopped";
    if (!(await storeVariants(pipeline, imageId, source, batch))) {
      await deleteImageFiles(pipeline.storage, pipeline.jobDirectory, imageId);
      return "deleted";
    }
  }
  await updateImageStatus(pipeline.db, imageId, "ready");
  await deleteMaster(pipeline.storage, pipeline.jobDirectory, imageId);
  return "ready";
}
