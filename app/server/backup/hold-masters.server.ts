import { copyFile, link, mkdir, readdir, rename } from "node:fs/promises";
import { createReadStream, createWriteStream } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { getMasterKey, isMasterFileName } from "../images/master-image.server";
import type { Storage } from "../storage/storage-contract.server";

/**
 * Keeps a hold on the masters of images being processed for the backup, in its work folder: a hard link to the
 * local master (instant, and the bytes stay when the worker deletes its file), or a copy of the shared one in the
 * storage. Taken BEFORE the database snapshot: an image still processing in the snapshot was processing then too,
 * and an upload writes its master before its row, so its master is held whatever the worker does meanwhile. (A JPEG
 * or WebP upload writes it a few hundred milliseconds after its row, from the upload kept for it: one caught in
 * between has no master to hold, and the restored site finishes it from its largest variant; decision record 018.)
 * `only` limits it to some images (those that appeared between the hold and the snapshot). Returns id -> file.
 */
export async function holdMasters(
  { storage, jobDirectory }: { storage: Storage; jobDirectory: string },
  into: string,
  only?: Set<string>,
): Promise<Map<string, string>> {
  await mkdir(into, { recursive: true });
  const held = new Map<string, string>();
  const wanted = (id: string) => !held.has(id) && (!only || only.has(id));
  for (const name of await readdir(jobDirectory).catch(() => [] as string[])) {
    const id = name.slice(0, -".v".length);
    if (!isMasterFileName(name) || !wanted(id)) continue;
    const target = path.join(into, name);
    try {
      await link(path.join(jobDirectory, name), target).catch(async (error: NodeJS.ErrnoException) => {
        // Another file system, or one without hard links: a copy does the same, a little slower.
        if (error.code === "ENOENT") throw error;
        await copyFile(path.join(jobDirectory, name), target);
      });
      held.set(id, target);
    } catch {
      // Finished and removed since it was listed: its shared copy may still be there.
    }
  }
  for await (const key of storage.list("masters/")) {
    const id = path.basename(key).slice(0, -".v".length);
    if (!key.endsWith(".v") || key !== getMasterKey(id) || !wanted(id)) continue;
    const object = await storage.get(key);
    if (!object) continue;
    const target = path.join(into, `${id}.v`);
    await pipeline(object.body, createWriteStream(`${target}.part`));
    await rename(`${target}.part`, target);
    held.set(id, target);
  }
  return held;
}

/** The ids of the images a table file of the archive lists as still processing. */
export async function listProcessingInExport(imageTableFile: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const line of createInterface({ input: createReadStream(imageTableFile), crlfDelay: Infinity })) {
    if (line === "") continue;
    const row = JSON.parse(line) as { id?: unknown; status?: unknown };
    if (row.status === "processing" && typeof row.id === "string") ids.push(row.id);
  }
  return ids.toSorted();
}
