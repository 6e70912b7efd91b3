import { addImageVariant } from "../db/images.server";
import { FORMAT_CONTENT_TYPES } from "~/lib/image-variants";
import { runDecode } from "./decode-queue.server";
import type { ImagePipeline } from "./image-pipeline.server";
import { getVariantKey } from "./image-files.server";
import { type MasterImage, openMaster } from "./master-image.server";
import { type EncodedVariant, type VariantSpec, encodeVariant } from "./variants.server";

// Background work waits its turn in the decode queue; a visitor's upload may be refused when it is full.
const encodeInQueue = (source: MasterImage | string, spec: VariantSpec) =>
  runDecode(() => encodeVariant(openMaster(source), spec), { background: true });

/** Stores an encoded variant, then records it on the image row (file first, so a recorded variant always exists). */
async function saveVariant(pipeline: ImagePipeline, imageId: string, { variant, data }: EncodedVariant): Promise<boolean> {
  const key = getVariantKey(imageId, variant);
  await pipeline.storage.put(key, data, { contentType: FORMAT_CONTENT_TYPES[variant.format] });
  if (await addImageVariant(pipeline.db, imageId, variant)) return true;
  await pipeline.storage.delete(key);
  return false;
}

/**
 * Encodes variants side by side (each encoder works mostly on one core, and the decode queue runs as many jobs as
 * there are cores), then stores each and records it on the image row, in order. Returns false, having removed the
 * file again, when the image was deleted meanwhile.
 */
export async function storeVariants(pipeline: ImagePipeline, imageId: string, source: MasterImage | string, specs: VariantSpec[]): Promise<boolean> {
  const encoded = await Promise.all(specs.map((spec) => encodeInQueue(source, spec)));
  for (const each of encoded) if (!(await saveVariant(pipeline, imageId, each))) return false;
  return true;
}
