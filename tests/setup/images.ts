import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Db } from "~/server/db/client.server";
import type { ImagePipeline } from "~/server/images/image-pipeline.server";
import { LocalStorage } from "~/server/storage/local.server";
import type { Storage } from "~/server/storage/storage-contract.server";

export const FIXTURES_DIR = path.resolve("tests/fixtures/images");

// Upload copies live in a folder named after the test process. Test runners often end their workers without
// an exit event, so each process also removes the folders of processes that are gone.
const UPLOADS_PREFIX = "test-uploads-";
const UPLOADS_ROOT = path.join(os.tmpdir(), `${UPLOADS_PREFIX}${process.pid}`);
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};
for (const name of readdirSync(os.tmpdir())) {
  const pid = Number(name.slice(UPLOADS_PREFIX.length));
  if (name.startsWith(UPLOADS_PREFIX) && pid > 0 && !isRunning(pid)) rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
}
mkdirSync(UPLOADS_ROOT, { recursive: true });
process.once("exit", () => rmSync(UPLOADS_ROOT, { recursive: true, force: true }));

export type FixtureName = "landscape.jpg" | "exif-rotated.jpg" | "tiny.png" | "animated.webp" | "not-really.jpg" | "xss.svg";

/** A pipeline on a test database with its own storage folder and job folder; cleanup() removes both. */
export async function createTestPipeline(db: Db, storage?: Storage): Promise<ImagePipeline & { root: string; cleanup(): Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), "image-pipeline-"));
  return {
    db,
    storage: storage ?? new LocalStorage(path.join(root, "storage")),
    jobDirectory: path.join(root, "jobs"),
    root,
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

/** A copy of a fixture in a fresh folder, as an upload would be: the pipeline consumes the file it is given. */
export async function copyFixture(name: FixtureName): Promise<string> {
  const dir = await mkdtemp(path.join(UPLOADS_ROOT, "upload-"));
  const file = path.join(dir, "upload");
  await copyFile(path.join(FIXTURES_DIR, name), file);
  return file;
}

/** Writes bytes where an upload would be. */
export async function writeUpload(bytes: Buffer | string): Promise<string> {
  const dir = await mkdtemp(path.join(UPLOADS_ROOT, "upload-"));
  const file = path.join(dir, "upload");
  await writeFile(file, bytes);
  return file;
}

export async function listKeys(storage: Storage, prefix = ""): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list(prefix)) keys.push(key);
  return keys.toSorted();
}

/** The storage with some operations replaced, to make it fail or race at a chosen moment. */
export function wrapStorage(storage: Storage, overrides: Partial<Storage>): Storage {
  return {
    list: (prefix) => storage.list(prefix),
    get: (key) => storage.get(key),
    delete: (key) => storage.delete(key),
    exists: (key) => storage.exists(key),
    put: (key, body, options) => storage.put(key, body, options),
    ping: () => storage.ping(),
    ...overrides,
  };
}
