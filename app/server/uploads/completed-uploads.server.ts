import { FileStore } from "@tus/file-store";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { getEnv } from "../env.server";

/** Where partial and finished tus uploads wait: DATA_DIR/tus. */
export function getUploadDirectory(): string {
  return path.join(getEnv().dataDir, "tus");
}

/** The ids our tus server hands out (see createUploadHandler); anything else is refused before it reaches a path. */
const UploadIdSchema = z.string().regex(/^[0-9a-f]{32}$/);

const TAKEN = "taken";

export type CompletedUpload = {
  id: string;
  /** The uploaded bytes, now owned by the caller: pass it to the image pipeline, which deletes it, or delete it. */
  file: string;
  size: number;
  /** tus metadata sent by the browser (filename, filetype...): a hint, never trusted for the content. */
  metadata: Record<string, string>;
};

/**
 * Hands a finished upload over to the caller, once: the file moves out of the tus folder and its record is
 * removed, so a second call with the same id (or a replayed form) gets null. Also null for an unknown id or
 * an upload still missing bytes.
 */
export async function takeCompletedUpload(uploadId: string, directory = getUploadDirectory()): Promise<CompletedUpload | null> {
  const id = UploadIdSchema.safeParse(uploadId);
  if (!id.success) return null;
  const store = new FileStore({ directory });
  const upload = await store.getUpload(id.data).catch(() => null);
  if (!upload || upload.size === undefined || upload.offset !== upload.size) return null;

  const file = path.join(directory, TAKEN, id.data);
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await rename(path.join(directory, id.data), file);
  } catch (error) {
    // Another request took it first.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  await store.configstore.delete(id.data);
  const metadata = Object.fromEntries(
    Object.entries(upload.metadata ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  return { id: id.data, file, size: upload.size, metadata };
}

/**
 * Deletes uploads nobody finished or took within `maxAgeMs` (a day by default): partial uploads with their
 * records, and taken files a crashed request never passed on. An upload still receiving bytes is younger,
 * since every write touches its file.
 */
export async function deleteStaleUploads(
  directory = getUploadDirectory(),
  { maxAgeMs = 24 * 60 * 60 * 1000, now = Date.now() }: { maxAgeMs?: number; now?: number } = {},
): Promise<string[]> {
  const deleted: string[] = [];
  for (const folder of [directory, path.join(directory, TAKEN)]) {
    const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
    // An upload is its data file plus its .json record; it is as fresh as the newer of the two.
    const groups = Map.groupBy(names, (name) => name.replace(/\.json$/, ""));
    for (const group of groups.values()) {
      const files = group.map((name) => path.join(folder, name));
      const infos = await Promise.all(files.map((file) => stat(file).catch(() => null)));
      if (infos.some((info) => !info?.isFile() || now - info.mtimeMs <= maxAgeMs)) continue;
      for (const file of files) {
        await rm(file, { force: true });
        deleted.push(path.relative(directory, file));
      }
    }
  }
  return deleted;
}
