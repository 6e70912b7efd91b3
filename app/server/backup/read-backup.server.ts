import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm, stat, statfs } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform, Writable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import tar from "tar-stream";
import { isMasterFileName } from "../images/master-image.server";
import { readAll } from "../storage/read-all.server";
import { isOwnStorageKey } from "../storage/own-prefixes.server";
import { assertValidKey } from "../storage/storage-contract.server";
import { DB_PREFIX, JOBS_PREFIX, MANIFEST_ENTRY, type Manifest, ManifestSchema, STORAGE_PREFIX } from "./backup-manifest.server";

/** The archive cannot be used: damaged, cut short, or not one of ours. Nothing has been written when it is thrown. */
export class DamagedBackupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DamagedBackupError";
  }
}

/** Writing a restored file failed (the target's fault, not the archive's). */
export class TargetWriteError extends Error {
  constructor(what: string, cause: unknown) {
    super(`Could not write ${what}: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = "TargetWriteError";
  }
}

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
/** Photos do not shrink in gzip and rows shrink perhaps tenfold; an archive that unpacks to far more is a gzip bomb. */
const MAX_UNPACK_RATIO = 100;
const MIN_UNPACK_LIMIT = 256 * 1024 * 1024;
/** Left free on the temporary folder's disk whatever the archive says. */
const DISK_RESERVE = 512 * 1024 * 1024;

/** How much the first pass may unpack in all, and how much of it (the table files) it may write to disk. */
export type UnpackLimits = { totalBytes: number; tableBytes: number };

/** Limits for this archive: a hundred times its size in all, and the table files only what the disk can spare. */
export async function getUnpackLimits(file: string, tableDirectory: string): Promise<UnpackLimits> {
  const { size } = await stat(file);
  const totalBytes = Math.max(MIN_UNPACK_LIMIT, size * MAX_UNPACK_RATIO);
  const disk = await statfs(tableDirectory);
  return { totalBytes, tableBytes: Math.min(totalBytes, Math.max(0, disk.bavail * disk.bsize - DISK_RESERVE)) };
}

const megabytes = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`;

type Visit = (name: string, size: number, body: Readable) => Promise<void>;

/** Reads every entry of the archive in order, giving each entry's bytes to `visit` (which must consume them). */
async function scanArchive(file: string, visit: Visit): Promise<void> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract as unknown as Writable);
  reading.catch(() => {});
  try {
    for await (const entry of extract) {
      const { name, size = 0, type } = entry.header;
      if (type !== "file") throw new DamagedBackupError(`The archive holds something other than a file: ${name}`);
      await visit(name, size, entry as unknown as Readable);
    }
    await reading;
  } catch (error) {
    if (error instanceof DamagedBackupError || error instanceof TargetWriteError) throw error;
    throw new DamagedBackupError(`The archive is damaged or is not a backup of this site (${(error as Error).message}).`, { cause: error });
  }
}

/** Passes bytes through while hashing them. */
function hashing(): { stream: Transform; digest: () => { sha256: string; size: number } } {
  const hash = createHash("sha256");
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, digest: () => ({ sha256: hash.digest("hex"), size }) };
}

function checkEntryName(name: string, manifest: Manifest): void {
  if (name.startsWith(DB_PREFIX)) {
    if (!manifest.tables.some((table) => table.entry === name)) throw new DamagedBackupError(`The archive has rows for no known table: ${name}`);
  } else if (name.startsWith(STORAGE_PREFIX)) {
    try {
      assertValidKey(name.slice(STORAGE_PREFIX.length));
    } catch {
      throw new DamagedBackupError(`The archive names a file outside the storage: ${name}`);
    }
    if (!isOwnStorageKey(name.slice(STORAGE_PREFIX.length))) throw new DamagedBackupError(`The archive names a file outside the site's own folders: ${name}`);
  } else if (!(name.startsWith(JOBS_PREFIX) && /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(name.slice(JOBS_PREFIX.length)) && isMasterFileName(name))) {
    throw new DamagedBackupError(`The archive has an entry this site does not know: ${name}`);
  }
}

/**
 * Reads the whole archive once and checks every entry against the manifest's size and SHA-256, before anything
 * is written anywhere. The table files are kept in `tableDirectory` for loading; the files are read again later.
 */
export async function verifyBackup(
  file: string,
  tableDirectory: string,
  onProgress: (bytes: number) => void = () => {},
  limits?: UnpackLimits,
): Promise<{ manifest: Manifest; tableFiles: Map<string, string> }> {
  const { totalBytes, tableBytes } = limits ?? (await getUnpackLimits(file, tableDirectory));
  const seen = new Map<string, { sha256: string; size: number }>();
  const tableFiles = new Map<string, string>();
  const lineCounts = new Map<string, number>();
  let manifestText: string | undefined;
  let bytes = 0;
  let written = 0;

  await scanArchive(file, async (name, size, body) => {
    if (seen.has(name) || (name === MANIFEST_ENTRY && manifestText !== undefined)) throw new DamagedBackupError(`The archive has ${name} twice.`);
    // Each entry's header gives its size before any of its bytes is unpacked: the limits are checked on that.
    if (bytes + size > totalBytes) {
      throw new DamagedBackupError(`The archive unpacks to more than ${megabytes(totalBytes)}, far more than a backup of its size holds (a gzip bomb?).`);
    }
    if (name === MANIFEST_ENTRY) {
      if (size > MAX_MANIFEST_BYTES) throw new DamagedBackupError("The archive's manifest is too large to be ours.");
      manifestText = (await readAll(body)).toString("utf8");
      return;
    }
    const hash = hashing();
    if (name.startsWith(DB_PREFIX) && /^db\/[A-Za-z0-9_]+\.jsonl$/.test(name)) {
      if (written + size > tableBytes) {
        throw new DamagedBackupError(`The archive's tables would need more than the ${megabytes(tableBytes)} the temporary folder can spare.`);
      }
      written += size;
      const kept = path.join(tableDirectory, path.basename(name));
      let lines = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
          callback(null, chunk);
        },
      });
      await pipeline(body, hash.stream, counter, createWriteStream(kept));
      tableFiles.set(name, kept);
      lineCounts.set(name, lines);
    } else {
      // Only the hash is wanted on this pass.
      await pipeline(body, hash.stream, new Writable({ write: (_chunk, _encoding, callback) => callback() }));
    }
    seen.set(name, hash.digest());
    bytes += size;
    onProgress(bytes);
  });

  if (manifestText === undefined) throw new DamagedBackupError("The archive has no manifest.json: it is cut short or is not a backup of this site.");
  let manifest: Manifest;
  try {
    manifest = ManifestSchema.parse(JSON.parse(manifestText));
  } catch (error) {
    throw new DamagedBackupError(`The archive's manifest.json cannot be read (${(error as Error).message.slice(0, 200)}).`, { cause: error });
  }

  const listed = new Set(manifest.entries.map((entry) => entry.name));
  for (const entry of manifest.entries) {
    const found = seen.get(entry.name);
    if (!found) throw new DamagedBackupError(`The archive is missing ${entry.name}, which its manifest lists.`);
    if (found.size !== entry.size || found.sha256 !== entry.sha256) {
      throw new DamagedBackupError(`The archive is damaged: ${entry.name} does not match its checksum.`);
    }
    checkEntryName(entry.name, manifest);
  }
  for (const name of seen.keys()) {
    if (!listed.has(name)) throw new DamagedBackupError(`The archive holds ${name}, which its manifest does not list.`);
  }
  for (const table of manifest.tables) {
    if (!listed.has(table.entry)) throw new DamagedBackupError(`The archive has no rows file for the table ${table.name}.`);
    if (lineCounts.get(table.entry) !== table.rows) throw new DamagedBackupError(`The archive's manifest gives ${table.name} a different number of rows than its file has.`);
  }
  return { manifest, tableFiles };
}

/**
 * Second pass: hands each stored file (storage/ and jobs/) to `visit`. Each entry's name is checked against the
 * manifest before any of its bytes is read, and its bytes are unpacked into `workDirectory` and checked against the
 * manifest's size and SHA-256 before `visit` sees them, so an archive changed since it was verified stops the
 * restore before the changed file is written anywhere.
 */
export async function readBackupFiles(
  file: string,
  manifest: Manifest,
  workDirectory: string,
  visit: (entry: { kind: "storage" | "job"; name: string; size: number }, body: Readable) => Promise<void>,
): Promise<void> {
  const expected = new Map(manifest.entries.map((entry) => [entry.name, entry]));
  const unpacked = path.join(workDirectory, "entry.part");
  await scanArchive(file, async (name, size, body) => {
    const kind = name.startsWith(STORAGE_PREFIX) ? "storage" : name.startsWith(JOBS_PREFIX) ? "job" : null;
    if (!kind) {
      // Skipped on this pass; `finished` also settles for an entry that has already ended (an empty table).
      body.resume();
      await finished(body);
      return;
    }
    const listed = expected.get(name);
    if (!listed || listed.size !== size) throw new DamagedBackupError(`${name} changed since the archive was checked; the restore stopped part-way.`);
    checkEntryName(name, manifest);
    expected.delete(name);
    const hash = hashing();
    await pipeline(body, hash.stream, createWriteStream(unpacked));
    const found = hash.digest();
    if (listed.sha256 !== found.sha256 || listed.size !== found.size) {
      await rm(unpacked, { force: true });
      throw new DamagedBackupError(`${name} changed since the archive was checked; the restore stopped part-way.`);
    }
    const prefix = kind === "storage" ? STORAGE_PREFIX : JOBS_PREFIX;
    try {
      await visit({ kind, name: name.slice(prefix.length), size }, createReadStream(unpacked));
    } finally {
      await rm(unpacked, { force: true });
    }
  });
}
