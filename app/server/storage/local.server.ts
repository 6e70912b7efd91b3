import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import type { Dirent } from "node:fs";
import { access, constants, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createWriteStream } from "node:fs";
import { type PutOptions, type Storage, type StoredObject, assertValidKey, assertValidPrefix } from "./storage-contract.server";

/** Files in a folder on the local disk. Writes go to a temporary file first, so readers never see half a file. */
export class LocalStorage implements Storage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, ...key.split("/"));
    // Belt and braces: the key rules already forbid it, but never step outside the root.
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return full;
  }

  async put(key: string, body: Buffer | Uint8Array | Readable, _options?: PutOptions): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    try {
      if (body instanceof Readable) {
        await pipeline(body, createWriteStream(temp));
      } else {
        await writeFile(temp, body);
      }
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { body: createReadStream(file), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.R_OK | constants.W_OK);
  }

  /**
   * Reads only the folder the prefix names (up to its last "/") and what is below it, never the whole store, and
   * takes a file or folder that disappears while it looks (another request deleting an image) as simply gone.
   */
  async *list(prefix: string): AsyncIterable<string> {
    for await (const key of this.walk(prefix)) if (!key.endsWith(".tmp")) yield key;
  }

  /**
   * Deletes half-written files (put() writes to a .tmp file, then renames it) older than `olderThanMs`: what a
   * process killed in the middle of a write leaves behind. Returns their keys.
   */
  async deleteTemporaryFiles(prefix: string, olderThanMs: number, now = Date.now()): Promise<string[]> {
    const deleted: string[] = [];
    for await (const key of this.walk(prefix)) {
      if (!key.endsWith(".tmp")) continue;
      const file = path.join(this.root, ...key.split("/"));
      const info = await stat(file).catch(() => null);
      if (!info || now - info.mtimeMs <= olderThanMs) continue;
      await rm(file, { force: true });
      deleted.push(key);
    }
    return deleted;
  }

  private async *walk(prefix: string): AsyncIterable<string> {
    assertValidPrefix(prefix);
    const folderKey = prefix.slice(0, prefix.lastIndexOf("/") + 1).replace(/\/$/, "");
    const folders = [folderKey];
    while (folders.length > 0) {
      const folder = folders.pop()!;
      let entries: Dirent[];
      try {
        entries = await readdir(folder === "" ? this.root : this.pathOf(folder), { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR") continue;
        throw error;
      }
      const subfolders: string[] = [];
      for (const entry of entries.toSorted((a, b) => (a.name < b.name ? -1 : 1))) {
        const key = folder === "" ? entry.name : `${folder}/${entry.name}`;
        if (entry.isDirectory()) {
          if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) subfolders.push(key);
        } else if (entry.isFile() && key.startsWith(prefix)) {
          yield key;
        }
      }
      // Depth first, in name order, so keys come out sorted within each folder.
      folders.push(...subfolders.toReversed());
    }
  }
}
