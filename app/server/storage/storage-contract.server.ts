import type { Readable } from "node:stream";

/** What every storage backend honours: the interface, and the key rules each one checks before touching a key. */

export type StoredObject = {
  body: Readable;
  size?: number;
  contentType?: string;
};

export type PutOptions = { contentType?: string };

/** Where uploaded files live. Keys look like images/{imageId}/w640.avif or profile-pics/{timestamp}. */
export interface Storage {
  put(key: string, body: Buffer | Uint8Array | Readable, options?: PutOptions): Promise<void>;
  /** A stream of the object, or null when it does not exist. */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every key that starts with the prefix (used to find files left without a database row). */
  list(prefix: string): AsyncIterable<string>;
  /** Throws when the storage cannot be reached (the folder is not writable, the bucket does not answer). */
  ping(): Promise<void>;
  /** Backends that write through temporary files: delete those a crash left, older than `olderThanMs`. */
  deleteTemporaryFiles?(prefix: string, olderThanMs: number): Promise<string[]>;
}

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = "InvalidKeyError";
  }
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;

/**
 * A key is a relative path of simple segments: no leading slash, no "." or "..", no backslashes,
 * nothing that could point outside the storage root on any backend.
 */
export function assertValidKey(key: string): string {
  if (typeof key !== "string" || key.length === 0 || key.length > 512) throw new InvalidKeyError(String(key));
  const segments = key.split("/");
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment === "." || segment === "..") throw new InvalidKeyError(key);
  }
  return key;
}

/** Prefixes for list(): the same rules, but may end with "/" or be empty. */
export function assertValidPrefix(prefix: string): string {
  if (prefix === "") return prefix;
  assertValidKey(prefix.endsWith("/") ? prefix.slice(0, -1) : prefix);
  return prefix;
}
