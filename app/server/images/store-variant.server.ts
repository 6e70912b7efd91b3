import { addImageVariant } from "../db/images.server";
import { FORMAT_CONTENT_TYPES } from "~/lib/image-variants";
import { runDecode } from "./decode-queue.server";
import type { ImagePipeline } from "./image-pipeline.server";
import { getVariantKey } from "./image-files.server";
import { type MasterImage, openMaster } from "./master-image.server";
import { type VariantSpec, encodeVariant } from "./variants.server";

/**
 * Encodes one variant, stores it, then records it on the image row (file first, so a recorded variant
 * always exists). Returns false, having removed the file again, when the image was deleted meanwhile.
 */
export async function storeVariant(
  pipeline: ImagePipeline,
  imageId: string,
  source: MasterImage | string,
  spec: VariantSpec,
): Promise<boolean> {
  // Background work waits its turn in the decode queue; a visitor's upload may be refused when it is full.
  const { variant, data } = await runDecode(() => encodeVariant(openMaster(source), spec), { background: true });
  const key = getVariantKey(imageId, variant);
  await pipeline.storage.put(key, data, { contentType: FORMAT_CONTENT_TYPES[variant.format] });
  if (await addImageVariant(pipeline.db, imageId, variant)) return true;
  await pipeline.storage.delete(key);
  return false;
}
