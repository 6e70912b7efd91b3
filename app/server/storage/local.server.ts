import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { access, constants, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createWriteStream } from "node:fs";
import { type PutOptions, type Storage, type StoredObject, assertValidKey, assertValidPrefix } from "./storage.server";

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

  async *list(prefix: string): AsyncIterable<string> {
    assertValidPrefix(prefix);
    let entries: string[];
    try {
      entries = await readdir(this.root, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries.toSorted()) {
      const key = entry.split(path.sep).join("/");
      if (!key.startsWith(prefix) || key.endsWith(".tmp")) continue;
      if ((await stat(path.join(this.root, entry))).isFile()) yield key;
    }
  }
}
