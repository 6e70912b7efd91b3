import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { makeHostileCorpus } from "../../../scripts/support/hostile-corpus";
import { LocalStorage } from "../storage/local.server";
import { readAll } from "../storage/read-all.server";
import { AvatarError, storeAvatar } from "./avatar.server";

const root = mkdtempSync(path.join(os.tmpdir(), "avatar-test-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = new LocalStorage(root);
const stored = async () => {
  const keys: string[] = [];
  for await (const key of storage.list("profile-pics/")) keys.push(key);
  return keys;
};

describe("profile pictures", async () => {
  const corpus = await makeHostileCorpus();

  it.each(corpus.map((file) => [file.name, file] as const))("refuses the hostile %s with its message and stores nothing", async (_name, file) => {
    const error = await storeAvatar(storage, file.bytes).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AvatarError);
    // An empty file gets the form's own "choose a file" message.
    expect((error as Error).message).toMatch(file.bytes.length === 0 ? /choose an image/ : file.refusal);
    expect(await stored()).toEqual([]);
  });

  it("stores an accepted picture as a 256 px WebP without metadata", async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#336699" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const key = await storeAvatar(storage, photo);
    const object = await storage.get(key);
    const meta = await sharp(await readAll(object!.body)).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 256, 256, undefined]);
  });
});
