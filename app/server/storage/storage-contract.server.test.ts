import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import type * as fsPromises from "node:fs/promises";
import { readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { describeUnless } from "../../../tests/setup/describe-unless";
import { startS3Server, type TestS3 } from "../../../tests/setup/s3";
import { LocalStorage } from "./local.server";
import { readAll } from "./read-all.server";
import { S3Storage } from "./s3.server";
import { InvalidKeyError, type Storage, assertValidKey } from "./storage-contract.server";

// The real fs/promises, with readdir watched: which folders LocalStorage reads to list a prefix.
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  return { ...actual, readdir: vi.fn(actual.readdir) };
});

describe("assertValidKey", () => {
  it.each(["images/0190a1b2-c3d4/w640.avif", "profile-pics/1732200000000", "a"])("accepts %s", (key) => {
    expect(assertValidKey(key)).toBe(key);
  });
  it.each(["", "/etc/passwd", "../secret", "images/../../etc/passwd", "images/./x", "images//x", "images\\x", "images/x/", "a/.hidden", "a b"])(
    "refuses %j",
    (key) => {
      expect(() => assertValidKey(key)).toThrow(InvalidKeyError);
    },
  );
});

/** The same behaviour is required of every backend. */
function storageContract(name: string, make: () => Promise<Storage>, skipReason?: string) {
  describeUnless(skipReason, name, () => {
    let storage: Storage;
    beforeAll(async () => {
      storage = await make();
    });

    it("stores a buffer and streams it back", async () => {
      await storage.put("images/abc/w320.webp", Buffer.from("hello storage"), { contentType: "image/webp" });
      const object = await storage.get("images/abc/w320.webp");
      expect(object).not.toBeNull();
      expect((await readAll(object!.body)).toString()).toBe("hello storage");
      expect(await storage.exists("images/abc/w320.webp")).toBe(true);
    });

    it("stores a stream byte for byte", async () => {
      const bytes = Buffer.alloc(1_500_000);
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) % 251;
      await storage.put("images/big/original.jpg", Readable.from([bytes.subarray(0, 700_000), bytes.subarray(700_000)]));
      const object = await storage.get("images/big/original.jpg");
      const back = await readAll(object!.body);
      expect(back.length).toBe(bytes.length);
      expect(back.equals(bytes)).toBe(true);
    });

    it("answers null and false for a missing key, and deleting it is not an error", async () => {
      expect(await storage.get("images/missing/w320.webp")).toBeNull();
      expect(await storage.exists("images/missing/w320.webp")).toBe(false);
      await expect(storage.delete("images/missing/w320.webp")).resolves.toBeUndefined();
    });

    it("deletes", async () => {
      await storage.put("profile-pics/1700000000000", Buffer.from("pic"));
      await storage.delete("profile-pics/1700000000000");
      expect(await storage.exists("profile-pics/1700000000000")).toBe(false);
    });

    it("lists by prefix", async () => {
      await storage.put("images/list1/a.jpg", Buffer.from("1"));
      await storage.put("images/list1/b.jpg", Buffer.from("2"));
      await storage.put("images/list2/a.jpg", Buffer.from("3"));
      const keys: string[] = [];
      for await (const key of storage.list("images/list1/")) keys.push(key);
      expect(keys.toSorted()).toEqual(["images/list1/a.jpg", "images/list1/b.jpg"]);
    });

    it("refuses keys that would escape the root, for every operation", async () => {
      const bad = "images/../../etc/passwd";
      await expect(storage.put(bad, Buffer.from("x"))).rejects.toThrow(InvalidKeyError);
      await expect(storage.get(bad)).rejects.toThrow(InvalidKeyError);
      await expect(storage.exists(bad)).rejects.toThrow(InvalidKeyError);
      await expect(storage.delete(bad)).rejects.toThrow(InvalidKeyError);
    });
  });
}

const localRoot = mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
afterAll(() => rmSync(localRoot, { recursive: true, force: true }));
storageContract("LocalStorage", async () => new LocalStorage(localRoot));

describe("LocalStorage files", () => {
  it("writes only inside its root and leaves no temporary files", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "storage-root-"));
    const storage = new LocalStorage(root);
    await storage.put("images/x/w640.jpg", Buffer.from("jpeg"));
    expect(readdirSync(path.join(root, "images", "x"))).toEqual(["w640.jpg"]);
    rmSync(root, { recursive: true, force: true });
  });

  // A dangling link stands for a file deleted between reading a folder and looking at the file: the old listing
  // read the whole store for every prefix and stopped with ENOENT at it.
  it("lists a prefix by reading only its folder, and takes a vanished file as gone", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "storage-list-"));
    const storage = new LocalStorage(root);
    await storage.put("images/a/w640.webp", Buffer.from("a"));
    await storage.put("images/a/w320.webp", Buffer.from("a"));
    await storage.put("images/b/w640.webp", Buffer.from("b"));
    mkdirSync(path.join(root, "images", "c"), { recursive: true });
    symlinkSync(path.join(root, "images", "c", "deleted-meanwhile"), path.join(root, "images", "c", "w640.webp"));
    const list = async (prefix: string) => {
      const keys: string[] = [];
      for await (const key of storage.list(prefix)) keys.push(key);
      return keys;
    };
    expect(await list("images/a/")).toEqual(["images/a/w320.webp", "images/a/w640.webp"]);
    expect(await list("images/")).toEqual(["images/a/w320.webp", "images/a/w640.webp", "images/b/w640.webp"]);
    expect(await list("images/a")).toEqual(["images/a/w320.webp", "images/a/w640.webp"]);
    expect(await list("images/nothing-here/")).toEqual([]);
    expect(await list("")).toHaveLength(3);
    rmSync(root, { recursive: true, force: true });
  });

  it("reads no folder outside the prefix's own: deleting one image does not walk the whole store", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "storage-folders-"));
    const storage = new LocalStorage(root);
    for (const key of ["images/a/w640.webp", "images/a/w320.webp", "images/b/w640.webp", "masters/a.v", "profile-pics/1.webp"]) await storage.put(key, Buffer.from("x"));
    const foldersRead = async (prefix: string) => {
      vi.mocked(readdir).mockClear();
      for await (const key of storage.list(prefix)) expect(key.startsWith(prefix)).toBe(true);
      return vi.mocked(readdir).mock.calls.map(([folder]) => path.relative(root, String(folder)));
    };
    expect(await foldersRead("images/a/")).toEqual(["images/a"]);
    expect(await foldersRead("images/a")).toEqual(["images", "images/a"]);
    expect(await foldersRead("images/")).toEqual(["images", "images/a", "images/b"]);
    rmSync(root, { recursive: true, force: true });
  });
});

const s3 = await startS3Server();
afterAll(async () => s3.server?.stop());
storageContract(
  `S3Storage against ${s3.server?.description ?? "S3"}`,
  async () => new S3Storage((s3.server as TestS3).config),
  s3.skipReason,
);
