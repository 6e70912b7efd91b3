import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { listImageStatuses } from "../db/images.server";
import type { ImagePipeline } from "./image-pipeline.server";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Milliseconds since 1970 that a UUIDv7 was made at (its first 48 bits), or null for any other id. */
function getCreationTime(imageId: string): number | null {
  return UUID_V7.test(imageId) ? Number.parseInt(imageId.replaceAll("-", "").slice(0, 12), 16) : null;
}

export type OrphanCleanup = { deletedKeys: string[]; deletedJobFiles: string[] };

type Found = { keys: string[]; masters: string[]; jobFiles: string[] };

/**
 * Deletes what a crash between the storage and the database leaves behind:
 * - stored variants (images/), shared masters (masters/) and local master files of images with no row;
 * - masters of images no longer processing (finished or failed on this or another instance);
 * - half-written files (a write cut off by kill -9) older than `graceMs`.
 * Images younger than `graceMs` are left alone: an upload stores its master (in the storage and the job folder), or
 * keeps the upload itself in the job folder, before it inserts the image's row, and image ids are UUIDv7, so their age is known. Storage is listed before the
 * database is asked, and a variant is stored only once its row exists, so a variant seen here whose row exists is
 * always seen with its row.
 */
export async function deleteOrphanImageFiles(
  pipeline: ImagePipeline,
  { graceMs = 60 * 60 * 1000, now = Date.now() }: { graceMs?: number; now?: number } = {},
): Promise<OrphanCleanup> {
  const result: OrphanCleanup = { deletedKeys: [], deletedJobFiles: [] };
  const byId = new Map<string, Found>();
  const found = (imageId: string) => {
    let entry = byId.get(imageId);
    if (!entry) byId.set(imageId, (entry = { keys: [], masters: [], jobFiles: [] }));
    return entry;
  };
  for await (const key of pipeline.storage.list("images/")) found(key.split("/")[1] ?? "").keys.push(key);
  for await (const key of pipeline.storage.list("masters/")) found(path.basename(key).split(".")[0] ?? "").masters.push(key);

  const jobFiles = await readdir(pipeline.jobDirectory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  for (const name of jobFiles) {
    const file = path.join(pipeline.jobDirectory, name);
    if (name.includes(".tmp")) {
      // A master being written right now is seconds old; one older than the grace period was cut off.
      const info = await stat(file).catch(() => null);
      if (info && now - info.mtimeMs > graceMs) {
        await rm(file, { force: true });
        result.deletedJobFiles.push(file);
      }
      continue;
    }
    found(name.split(".")[0] ?? "").jobFiles.push(file);
  }
  for (const prefix of ["images/", "masters/"]) {
    result.deletedKeys.push(...((await pipeline.storage.deleteTemporaryFiles?.(prefix, graceMs)) ?? []));
  }

  const candidates = [...byId.keys()].filter((imageId) => {
    const created = getCreationTime(imageId);
    return created === null || now - created > graceMs;
  });
  const statuses = await listImageStatuses(pipeline.db, candidates);
  for (const imageId of candidates) {
    const status = statuses.get(imageId);
    if (status === "processing") continue;
    const { keys, masters, jobFiles: files } = byId.get(imageId)!;
    // With a row, only the masters go: the variants are the image.
    for (const key of status === undefined ? [...keys, ...masters] : masters) {
      await pipeline.storage.delete(key);
      result.deletedKeys.push(key);
    }
    for (const file of files) {
      await rm(file, { force: true });
      result.deletedJobFiles.push(file);
    }
  }
  return result;
}
