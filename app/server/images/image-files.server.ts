import { type ImageVariant, getVariantFileName } from "~/lib/image-variants";
import type { Storage } from "../storage/storage-contract.server";
import { deleteMaster } from "./master-image.server";

/** Every file of an image lives under this prefix, so deleting or auditing an image is one listing. */
function getImagePrefix(imageId: string): string {
  return `images/${imageId}/`;
}

/** images/{imageId}/w640.webp */
export function getVariantKey(imageId: string, variant: Pick<ImageVariant, "name" | "format">): string {
  return `${getImagePrefix(imageId)}${getVariantFileName(variant)}`;
}

/**
 * Removes an image's stored variants and its master (the job file and its shared copy). Call it after the row is deleted (in that
 * order, so a crash in between leaves files without a row, which the orphan clean-up removes, never a row
 * without files).
 */
export async function deleteImageFiles(storage: Storage, jobDirectory: string, imageId: string): Promise<void> {
  const keys: string[] = [];
  for await (const key of storage.list(getImagePrefix(imageId))) keys.push(key);
  for (const key of keys) await storage.delete(key);
  await deleteMaster(storage, jobDirectory, imageId);
}
