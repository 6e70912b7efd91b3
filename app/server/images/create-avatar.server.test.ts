import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture, listKeys, readAll } from "../../../tests/setup/images";
import { LocalStorage } from "../storage/local.server";
import { AVATAR_SIZE, createAvatarFromUpload } from "./create-avatar.server";
import { ImageRejectedError } from "./inspect-upload.server";

describe("createAvatarFromUpload", () => {
  let root: string;
  let storage: LocalStorage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "avatars-"));
    storage = new LocalStorage(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("stores a square, upright WebP with no metadata under profile-pics/{timestamp}.webp", async () => {
    const file = await copyFixture("exif-rotated.jpg");
    const key = await createAvatarFromUpload(storage, file, 1_732_200_000_000);
    expect(key).toBe("profile-pics/1732200000000.webp");
    await expect(stat(file)).rejects.toThrow();
    const data = await readAll((await storage.get(key))!.body);
    const metadata = await sharp(data).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: AVATAR_SIZE, height: AVATAR_SIZE });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
  });

  it("never overwrites a picture uploaded in the same millisecond", async () => {
    const key = await createAvatarFromUpload(storage, await copyFixture("tiny.png"), 1_732_200_000_000);
    expect(key).toBe("profile-pics/1732200000001.webp");
  });

  it("refuses a file that is not an image, storing nothing", async () => {
    const before = await listKeys(storage);
    const file = await copyFixture("not-really.jpg");
    await expect(createAvatarFromUpload(storage, file)).rejects.toBeInstanceOf(ImageRejectedError);
    await expect(stat(file)).rejects.toThrow();
    expect(await listKeys(storage)).toEqual(before);
  });
});
