import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import tar from "tar-stream";
import { getBuildInfo } from "../build-info.server";
import { PRIVATE_DIRECTORY_MODE } from "../data-dir.server";
import { createDb } from "../db/client.server";
import type { Env } from "../env.server";
import { getJobDirectoryIn, getMasterFile } from "../images/master-image.server";
import { listOwnStorageKeys } from "../storage/own-prefixes.server";
import { readAll } from "../storage/read-all.server";
import type { Storage, StoredObject } from "../storage/storage-contract.server";
import {
  type BackupCounts,
  FORMAT,
  JOBS_PREFIX,
  MANIFEST_ENTRY,
  type Manifest,
  type ManifestEntry,
  STORAGE_PREFIX,
  countManifest,
} from "./backup-manifest.server";
import { holdMasters, listProcessingInExport } from "./hold-masters.server";
import { exportDatabase } from "./export-database.server";

export type BackupSource = {
  database: Env["database"];
  storage: Storage;
  storageKind: Env["storage"]["kind"];
  dataDir: string;
};

export type BackupProgress = { phase: "database" | "files"; done: number; total: number; bytes: number };

export type BackupResult = { counts: BackupCounts; missing: string[]; manifest: Manifest };

/** Objects fetched ahead of the one being written, so an S3 round trip overlaps the previous file's bytes. */
const FETCH_AHEAD = 4;
/** Photos are compressed already; a light gzip still shrinks the rows and costs little processor time. */
const GZIP_LEVEL = 3;

/** DATA_DIR/backups: scheduled backups, and the work folder of any backup being made. */
export function getBackupDirectoryIn(dataDir: string): string {
  return path.join(dataDir, "backups");
}

/**
 * Streams a complete backup (tar.gz) into `output`: the database as one snapshot, then every stored object of the
 * site's own folders and the master of every image the snapshot has still processing. Nothing is held in memory but the object being copied. The site may keep
 * serving meanwhile: the database is read through a connection of its own.
 */
export async function writeBackup(
  source: BackupSource,
  output: Writable,
  { onProgress = () => {}, signal }: { onProgress?: (progress: BackupProgress) => void; signal?: AbortSignal } = {},
): Promise<BackupResult> {
  const workRoot = getBackupDirectoryIn(source.dataDir);
  await mkdir(workRoot, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  const work = await mkdtemp(path.join(workRoot, ".work-"));
  const pack = tar.pack();
  const written = pipeline(pack as unknown as Readable, createGzip({ level: GZIP_LEVEL }), output, { signal });
  // If the output fails (a download cancelled), stop adding entries at once.
  written.catch((error: unknown) => pack.destroy(error as Error));
  const entries: ManifestEntry[] = [];
  const missing: string[] = [];
  try {
    const jobDirectory = getJobDirectoryIn(source.dataDir);
    const mastersDir = path.join(work, "masters");
    // Before the snapshot: see holdMasters.
    const masters = await holdMasters({ storage: source.storage, jobDirectory }, mastersDir);
    const db = createDb(source.database);
    let exported;
    try {
      exported = await exportDatabase(db, work, (table) => onProgress({ phase: "database", done: entries.length, total: 0, bytes: table.size }));
    } finally {
      await db.destroy();
    }
    const imageTable = exported.tables.find((table) => table.name === "image");
    const processing = imageTable ? await listProcessingInExport(imageTable.file) : [];
    // Uploaded between the hold and the snapshot: held now, normally long before the worker is done with them.
    const late = new Set(processing.filter((id) => !masters.has(id)));
    if (late.size > 0) for (const [id, file] of await holdMasters({ storage: source.storage, jobDirectory }, mastersDir, late)) masters.set(id, file);
    for (const table of exported.tables) {
      const info = await stat(table.file);
      await addEntry(pack, table.entry, info.size, createReadStream(table.file), entries, table.sha256);
    }

    // The shared masters travel as jobs/ entries (held above), not a second time as stored files.
    const keys: string[] = [];
    for await (const key of listOwnStorageKeys(source.storage)) if (!key.startsWith("masters/")) keys.push(key);
    const total = keys.length + processing.length;
    let done = 0;
    let bytes = 0;
    const report = (size: number) => {
      done += 1;
      bytes += size;
      onProgress({ phase: "files", done, total, bytes });
    };

    const discard = (object: StoredObject | null) => object?.body.destroy();
    for await (const { key, object } of fetchAhead(keys, (key) => source.storage.get(key), FETCH_AHEAD, discard)) {
      signal?.throwIfAborted();
      // Deleted since it was listed (an image removed while the backup ran): the snapshot may still name it.
      if (!object) {
        missing.push(key);
        continue;
      }
      // A tar header needs the length first; both backends give it, but a body of unknown length is read whole.
      const body = object.size === undefined ? await readAll(object.body) : object.body;
      const size = object.size ?? (body as Buffer).length;
      await addEntry(pack, `${STORAGE_PREFIX}${key}`, size, body instanceof Readable ? body : Readable.from([body]), entries);
      report(size);
    }
    for (const id of processing) {
      signal?.throwIfAborted();
      const file = masters.get(id);
      const name = path.basename(getMasterFile(jobDirectory, id));
      // Only if its master was deleted before the hold (the image failed for good, or its files were lost).
      if (!file) {
        missing.push(`${JOBS_PREFIX}${name}`);
        continue;
      }
      const info = await stat(file);
      await addEntry(pack, `${JOBS_PREFIX}${name}`, info.size, createReadStream(file), entries);
      report(info.size);
    }

    const build = getBuildInfo();
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      build: { version: build.version, commit: build.commit },
      source: { database: source.database.kind, storage: source.storageKind },
      migrations: exported.migrations,
      tables: exported.tables.map(({ name, rows, entry }) => ({ name, rows, entry })),
      entries,
    };
    pack.entry({ name: MANIFEST_ENTRY, mtime: new Date() }, `${JSON.stringify(manifest, null, 1)}\n`);
    pack.finalize();
    await written;
    return { counts: countManifest(manifest), missing, manifest };
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => {});
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Adds one file to the tar, hashing it on the way; the entry fails if the body's length is not `size`. */
async function addEntry(pack: tar.Pack, name: string, size: number, body: Readable, entries: ManifestEntry[], knownHash?: string) {
  const hash = createHash("sha256");
  const hasher = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  await pipeline(body, hasher, pack.entry({ name, size, mtime: new Date() }));
  const sha256 = hash.digest("hex");
  if (knownHash && knownHash !== sha256) throw new Error(`${name} changed while it was being archived`);
  entries.push({ name, size, sha256 });
}

/**
 * Runs `fetch` up to `ahead` items in advance and yields the results in order; what was fetched but not taken
 * when the caller stops early is handed to `discard` (open S3 bodies must be closed).
 */
async function* fetchAhead<T, R>(
  items: T[],
  fetch: (item: T) => Promise<R>,
  ahead: number,
  discard: (result: R) => void,
): AsyncGenerator<{ key: T; object: R }> {
  const pending: Promise<R>[] = [];
  let next = 0;
  try {
    for (const key of items) {
      while (next < items.length && pending.length < ahead) {
        const promise = fetch(items[next++] as T);
        promise.catch(() => {});
        pending.push(promise);
      }
      yield { key, object: await (pending.shift() as Promise<R>) };
    }
  } finally {
    for (const promise of pending) promise.then(discard, () => {});
  }
}
