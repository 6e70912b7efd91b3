import { rm } from "node:fs/promises";
import { v7 as uuidv7 } from "uuid";
import { createImage, deleteImage, getImage } from "../db/images.server";
import type { Image } from "../db/schema.server";
import { deleteImageFiles } from "./image-files.server";
import { DecodeQueueFullError } from "./decode-queue.server";
import { DAMAGED_IMAGE, ImageRejectedError, type InspectedImage, inspectUpload } from "./inspect-upload.server";
import { keepUpload } from "./kept-upload.server";
import {
  type MasterImage,
  canDecodeSmall,
  createPlaceholder,
  decodeMaster,
  deleteMaster,
  getMasterFile,
  shareMasterFile,
  writeMasterFile,
} from "./master-image.server";
import type { ImagePipeline } from "./image-pipeline.server";
import { storeVariants } from "./store-variant.server";
import { FIRST_VARIANTS_MAX_WIDTH, planVariants } from "./variants.server";

export type UploadedImage = {
  /** A file on the local disk, such as a finished tus upload. It is consumed: gone when this returns or throws. */
  file: string;
  categoryId: number;
  name: string;
  title: string;
  caption: string;
};

/** The image's row was deleted while its upload was being processed (its category deleted meanwhile, say). */
export class ImageDeletedError extends Error {
  constructor() {
    super("The image was deleted while it was being uploaded; nothing of it was kept.");
    this.name = "ImageDeletedError";
  }
}

async function decodeOrReject(file: string, inspected: InspectedImage, maxWidth?: number): Promise<MasterImage> {
  try {
    return await decodeMaster(file, inspected, maxWidth === undefined ? {} : { maxWidth });
  } catch (error) {
    if (error instanceof DecodeQueueFullError) throw error;
    throw new ImageRejectedError(DAMAGED_IMAGE);
  }
}

/**
 * The part of an upload the admin waits for: checks the file (ImageRejectedError, with nothing stored, if it
 * is not an acceptable image), decodes it upright with its metadata dropped, creates the image row, and
 * stores the first variants, so the image can be shown as soon as this returns. The remaining variants are
 * made from the master (see finishImageVariants). A JPEG or WebP is decoded straight to the first variants' width
 * (shrink-on-load, a fraction of a full decode) and the upload is kept in the job folder for the image's
 * worker to make the master from (makeMasterFromKeptUpload); any other format is decoded once, to the master,
 * which is written to the job folder, with a copy in the storage for other instances, and the upload deleted.
 * `lease` names the instance doing this, so no other one starts on the image before its first variants exist.
 */
export async function createImageFromUpload(
  pipeline: ImagePipeline,
  input: UploadedImage,
  id = uuidv7(),
  lease?: Pick<Image, "leaseOwner" | "leaseUntil">,
): Promise<Image> {
  try {
    const inspected = await inspectUpload(input.file);
    const keep = canDecodeSmall(inspected.format);
    const first = await decodeOrReject(input.file, inspected, keep ? FIRST_VARIANTS_MAX_WIDTH : undefined);

    try {
      if (keep) {
        await keepUpload(input.file, pipeline.jobDirectory, id);
      } else {
        await rm(input.file, { force: true });
        const masterFile = getMasterFile(pipeline.jobDirectory, id);
        await writeMasterFile(first, masterFile);
        await shareMasterFile(pipeline.storage, masterFile, id);
      }
      await createImage(pipeline.db, {
        ...lease,
        id,
        categoryId: input.categoryId,
        name: input.name,
        title: input.title,
        caption: input.caption,
        width: inspected.width,
        height: inspected.height,
        placeholder: await createPlaceholder(first),
      });
    } catch (error) {
      await deleteMaster(pipeline.storage, pipeline.jobDirectory, id);
      throw error;
    }

    try {
      // Each the height the original's proportions give it, as the master would: a 1500x1000 photo decoded to 640x427
      // would otherwise get a 320x214 thumbnail.
      const specs = planVariants(inspected.width).first.map((spec) => ({
        ...spec,
        height: Math.max(1, Math.round((spec.width * inspected.height) / inspected.width)),
      }));
      if (!(await storeVariants(pipeline, id, first, specs))) throw new ImageDeletedError();
    } catch (error) {
      // The admin is told the upload failed, so nothing of it may stay behind to appear later.
      await deleteImage(pipeline.db, id);
      await deleteImageFiles(pipeline.storage, pipeline.jobDirectory, id);
      throw error;
    }
    const image = await getImage(pipeline.db, id);
    if (!image) {
      await deleteImageFiles(pipeline.storage, pipeline.jobDirectory, id);
      throw new ImageDeletedError();
    }
    return image;
  } finally {
    await rm(input.file, { force: true });
  }
}
