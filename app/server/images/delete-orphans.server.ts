import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { listExistingImageIds } from "../db/images.server";
import type { ImagePipeline } from "./store-variant.server";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Milliseconds since 1970 that a UUIDv7 was made at (its first 48 bits), or null for any other id. */
function getCreationTime(imageId: string): number | null {
  return UUID_V7.test(imageId) ? Number.parseInt(imageId.replaceAll("-", "").slice(0, 12), 16) : null;
}

export type OrphanCleanup = { deletedKeys: string[]; deletedJobFiles: string[] };

/**
 * Deletes stored files under images/ and master files in the job folder that belong to no image row: what a
 * crash between the storage and the database leaves behind. Images younger than `graceMs` are left alone,
 * since an upload may have stored its files inside a transaction that has not committed yet.
 * Storage is listed before the database is asked, and rows are inserted before their files are stored,
 * so a file seen here whose row exists is always seen with its row.
 */
export async function deleteOrphanImageFiles(
  pipeline: ImagePipeline,
  { graceMs = 60 * 60 * 1000, now = Date.now() }: { graceMs?: number; now?: number } = {},
): Promise<OrphanCleanup> {
  const keysById = new Map<string, string[]>();
  for await (const key of pipeline.storage.list("images/")) {
    const imageId = key.split("/")[1] ?? "";
    keysById.set(imageId, [...(keysById.get(imageId) ?? []), key]);
  }
  const jobFilesById = new Map<string, string[]>();
  const jobFiles = await readdir(pipeline.jobDirectory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  for (const name of jobFiles) {
    const imageId = name.split(".")[0] ?? "";
    jobFilesById.set(imageId, [...(jobFilesById.get(imageId) ?? []), path.join(pipeline.jobDirectory, name)]);
  }

  const candidates = [...new Set([...keysById.keys(), ...jobFilesById.keys()])].filter((imageId) => {
    const created = getCreationTime(imageId);
    return created === null || now - created > graceMs;
  });
  const existing = await listExistingImageIds(pipeline.db, candidates);

  const result: OrphanCleanup = { deletedKeys: [], deletedJobFiles: [] };
  for (const imageId of candidates.filter((id) => !existing.has(id))) {
    for (const key of keysById.get(imageId) ?? []) {
      await pipeline.storage.delete(key);
      result.deletedKeys.push(key);
    }
    for (const file of jobFilesById.get(imageId) ?? []) {
      await rm(file, { force: true });
      result.deletedJobFiles.push(file);
    }
  }
  return result;
}
