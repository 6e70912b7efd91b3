import { access, readFile, readdir, rm } from "node:fs/promises";
import path from "node:path";
import exifReader from "exif-reader";
import sharp from "sharp";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseVariants } from "~/lib/image-variants";
import { isUniqueViolation } from "~/server/db/errors.server";
import { createImage, deleteImage, getImage } from "~/server/db/images.server";
import type { Image } from "~/server/db/schema.server";
import { addMissingSizes } from "~/server/images/add-missing-sizes.server";
import { ImageDeletedError, createImageFromUpload } from "~/server/images/create-image.server";
import { deleteOrphanImageFiles } from "~/server/images/delete-orphans.server";
import { getVariantKey } from "~/server/images/image-files.server";
import { createImageWorker } from "~/server/images/image-worker.server";
import { ImageRejectedError } from "~/server/images/inspect-upload.server";
import {
  MASTER_MAX_PIXELS,
  decodeMaster,
  getKeptUploadFile,
  getMasterFile,
  getMasterKey,
  writeMasterFile,
} from "~/server/images/master-image.server";
import { readAll } from "~/server/storage/read-all.server";
import { insertCategory } from "../factories/categories";
import { makeHostileCorpus } from "../../scripts/support/hostile-corpus";
import { describeEachDialect } from "../setup/databases";
import { FIXTURES_DIR, copyFixture, createTestPipeline, listKeys, wrapStorage, writeUpload } from "../setup/images";

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

const hostile = await makeHostileCorpus();

await describeEachDialect("image pipeline", (test) => {
  let pipeline: Awaited<ReturnType<typeof createTestPipeline>>;
  let categoryId: number;
  let counter = 0;
  const upload = async (fixture: Parameters<typeof copyFixture>[0], name = `photo-${++counter}`) => ({
    file: await copyFixture(fixture),
    categoryId,
    name,
    title: "Kitchen wall",
    caption: "Skimmed and ready for paint",
  });

  beforeAll(async () => {
    pipeline = await createTestPipeline(test.db);
    categoryId = (await insertCategory(test.db, { name: "Plastering" })).id;
  });
  afterAll(async () => {
    await pipeline?.cleanup();
  });

  const readVariantFile = async (image: Image, name: string, format: string) => {
    const variant = parseVariants(image.variants).find((v) => v.name === name && v.format === format);
    if (!variant) throw new Error(`no ${name}.${format} recorded`);
    const object = await pipeline.storage.get(getVariantKey(image.id, variant));
    return { variant, data: await readAll(object!.body) };
  };

  it("stores a sideways GPS-tagged photo upright, with no metadata left in any file", async () => {
    // The test means something only if the input really carries a position and a sideways orientation.
    const original = exifReader((await sharp(path.join(FIXTURES_DIR, "exif-rotated.jpg")).metadata()).exif!);
    expect(original.GPSInfo).toMatchObject({ GPSLatitudeRef: "N", GPSLatitude: [52, 34, 2] });
    expect(original.Image?.Orientation).toBe(6);

    const worker = createImageWorker(pipeline);
    const input = await upload("exif-rotated.jpg");
    const created = await worker.addImage(input);
    expect(created).toMatchObject({ width: 480, height: 640, status: "processing", title: "Kitchen wall" });
    expect(created.placeholder).toMatch(/^[A-Za-z0-9+/]{20,40}={0,2}$/);
    // The first variants are there as soon as addImage returns: the gallery can show the image.
    expect(parseVariants(created.variants).map((v) => `${v.name}.${v.format}`)).toEqual(["w640.webp", "w640.jpeg", "w320.webp"]);
    expect(await exists(input.file)).toBe(false);

    await worker.idle();
    const image = (await getImage(test.db, created.id))!;
    expect(image.status).toBe("ready");
    const variants = parseVariants(image.variants);
    expect(variants.map((v) => `${v.name}.${v.format}`).toSorted()).toEqual(
      ["w320.avif", "w320.jpeg", "w320.webp", "w640.avif", "w640.jpeg", "w640.webp"],
    );
    expect(await listKeys(pipeline.storage, `images/${image.id}/`)).toEqual(
      ["w320.avif", "w320.jpg", "w320.webp", "w640.avif", "w640.jpg", "w640.webp"].map((f) => `images/${image.id}/${f}`),
    );

    for (const variant of variants) {
      const { data } = await readVariantFile(image, variant.name, variant.format);
      const metadata = await sharp(data).metadata();
      expect(metadata.format).toBe(variant.format === "avif" ? "heif" : variant.format);
      expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height]);
      expect(variant.height).toBeGreaterThan(variant.width);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      // Upright: the red block is in the top-left corner, blue in the bottom-right.
      const { data: pixels, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [...pixels.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      const [r, g, b] = at(5, 5) as [number, number, number];
      expect(r).toBeGreaterThan(180);
      expect(g + b).toBeLessThan(120);
      const [r2, , b2] = at(info.width - 5, info.height - 5) as [number, number, number];
      expect(b2).toBeGreaterThan(150);
      expect(r2).toBeLessThan(80);
    }
    expect(await exists(getMasterFile(pipeline.jobDirectory, image.id))).toBe(false);
    await worker.stop();
  });

  it("stores every named width without upscaling, in AVIF, WebP and JPEG", async () => {
    const worker = createImageWorker(pipeline);
    // Plain colour keeps the AVIF encoder quick; the widths are what this test is about.
    const photo = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: "#a05030" } }).jpeg().toBuffer();
    const { id } = await worker.addImage({ ...(await upload("tiny.png")), file: await writeUpload(photo) });
    await worker.idle();
    const image = (await getImage(test.db, id))!;
    const widths = Object.fromEntries(parseVariants(image.variants).map((v) => [`${v.name}.${v.format}`, v.width]));
    expect(widths).toEqual({
      "w320.avif": 320, "w320.webp": 320, "w320.jpeg": 320,
      "w640.avif": 640, "w640.webp": 640, "w640.jpeg": 640,
      "w960.avif": 960, "w960.webp": 960, "w960.jpeg": 960,
      "w1280.avif": 1280, "w1280.webp": 1280, "w1280.jpeg": 1280,
      // The original is 1500 wide: the largest slot holds it at that width rather than enlarging it.
      "w2048.avif": 1500, "w2048.webp": 1500, "w2048.jpeg": 1500,
    });
    for (const v of parseVariants(image.variants)) expect(v.height).toBe(Math.round((v.width * 2) / 3));
    for (const v of parseVariants(image.variants)) {
      const { data } = await readVariantFile(image, v.name, v.format);
      const format = (await sharp(data).metadata()).format;
      expect(format).toBe({ avif: "heif", webp: "webp", jpeg: "jpeg" }[v.format]);
    }
    await worker.stop();
  });

  it("gives transparent pictures a white background in JPEG and keeps the first frame of an animation", async () => {
    const worker = createImageWorker(pipeline);
    const png = await worker.addImage(await upload("tiny.png"));
    const animated = await worker.addImage(await upload("animated.webp"));
    await worker.idle();
    const jpeg = await readVariantFile((await getImage(test.db, png.id))!, "w320", "jpeg");
    expect(jpeg.variant.width).toBe(24);
    const { data } = await sharp(jpeg.data).raw().toBuffer({ resolveWithObject: true });
    // Half-transparent green over white, not over black.
    expect(data[0]).toBeGreaterThan(100);
    expect(data[1]).toBeGreaterThan(170);

    const webp = await readVariantFile((await getImage(test.db, animated.id))!, "w320", "webp");
    const metadata = await sharp(webp.data).metadata();
    expect(metadata.pages ?? 1).toBe(1);
    const { data: frame } = await sharp(webp.data).raw().toBuffer({ resolveWithObject: true });
    expect(frame[0]).toBeGreaterThan(200);
    await worker.stop();
  });

  describe("refused uploads leave nothing behind", () => {
    const expectNothingStored = async (before: string[]) => {
      const rows = await test.db.selectFrom("image").select("id").execute();
      expect(rows.map((r) => r.id).toSorted()).toEqual(before);
      expect((await listKeys(pipeline.storage, "images/")).filter((k) => !before.some((id) => k.includes(id)))).toEqual([]);
      const jobs = await readdir(pipeline.jobDirectory).catch(() => []);
      expect(jobs.filter((f) => !before.some((id) => f.startsWith(id)))).toEqual([]);
    };
    const rowIds = async () => (await test.db.selectFrom("image").select("id").execute()).map((r) => r.id).toSorted();

    it.each(hostile.map((file) => [file.name, file] as const))("the hostile %s, with its message", async (_name, file) => {
      const before = await rowIds();
      const input = { ...(await upload("tiny.png")), file: await writeUpload(file.bytes) };
      await expect(createImageFromUpload(pipeline, input)).rejects.toThrow(file.refusal);
      expect(await exists(input.file)).toBe(false);
      await expectNothingStored(before);
    });

    it.each(["not-really.jpg", "xss.svg"] as const)("%s", async (fixture) => {
      const before = await rowIds();
      const input = await upload(fixture);
      await expect(createImageFromUpload(pipeline, input)).rejects.toBeInstanceOf(ImageRejectedError);
      expect(await exists(input.file)).toBe(false);
      await expectNothingStored(before);
    });

    it("a truncated JPEG", async () => {
      const before = await rowIds();
      const whole = await readFile(path.join(FIXTURES_DIR, "landscape.jpg"));
      const input = { ...(await upload("landscape.jpg")), file: await writeUpload(whole.subarray(0, whole.length / 3)) };
      await expect(createImageFromUpload(pipeline, input)).rejects.toThrow(/could not be read/);
      await expectNothingStored(before);
    });

    it("an image deleted (with its category, say) while its first variants were being stored", async () => {
      const before = await rowIds();
      const deleting = wrapStorage(pipeline.storage, {
        put: async (key, body, options) => {
          await pipeline.storage.put(key, body, options);
          if (key.startsWith("images/")) await deleteImage(test.db, key.split("/")[1]!);
        },
      });
      await expect(createImageFromUpload({ ...pipeline, storage: deleting }, await upload("tiny.png"))).rejects.toBeInstanceOf(ImageDeletedError);
      await expectNothingStored(before);
    });

    it("a second image with the same name in the category", async () => {
      const worker = createImageWorker(pipeline);
      await worker.addImage(await upload("tiny.png", "twin"));
      await worker.idle();
      const before = await rowIds();
      const twin = worker.addImage(await upload("tiny.png", "twin"));
      await expect(twin).rejects.toSatisfy(isUniqueViolation);
      await expect(twin).rejects.toThrow(/image_category_name_unique|image\.categoryId, image\.name/);
      await expectNothingStored(before);
      await worker.stop();
    });
  });

  it("caps the master by its area: a 1000x20000 strip is kept at no more than six megapixels", async () => {
    const strip = await sharp({ create: { width: 1000, height: 20_000, channels: 3, background: "#888888" } }).png().toBuffer();
    const master = await decodeMaster(await writeUpload(strip));
    expect(master.width * master.height).toBeLessThanOrEqual(MASTER_MAX_PIXELS);
    expect(master.height / master.width).toBeCloseTo(20, 0);
    // A 3:4 portrait photo keeps the full width of the largest variant.
    const portrait = await sharp({ create: { width: 3000, height: 4000, channels: 3, background: "#888888" } }).jpeg().toBuffer();
    expect((await decodeMaster(await writeUpload(portrait))).width).toBe(2048);
  });

  it("finishes after a restart the variants still pending when the server stopped", async () => {
    // A stopped worker still takes uploads (the first variants) but does no background work.
    const first = createImageWorker(pipeline);
    await first.stop();
    const { id } = await first.addImage(await upload("exif-rotated.jpg"));
    // The upload's request still makes the master from the upload it kept, then lets the image go.
    await first.idle();
    const stopped = (await getImage(test.db, id))!;
    expect(stopped.status).toBe("processing");
    expect(parseVariants(stopped.variants)).toHaveLength(3);
    expect(await exists(getMasterFile(pipeline.jobDirectory, id))).toBe(true);

    const second = createImageWorker(pipeline);
    expect(await second.resume()).toEqual([id]);
    await second.idle();
    const finished = (await getImage(test.db, id))!;
    expect(finished.status).toBe("ready");
    expect(parseVariants(finished.variants)).toHaveLength(6);
    expect(await exists(getMasterFile(pipeline.jobDirectory, id))).toBe(false);
    await second.stop();
  });

  it("makes the master from the kept upload when the server died before the upload's request could", async () => {
    // A JPEG's first variants come from a shrunken decode; the upload waits in the job folder for its master.
    const created = await createImageFromUpload(pipeline, await upload("exif-rotated.jpg"));
    expect(parseVariants(created.variants).map((v) => [v.width, v.height])).toEqual([[480, 640], [480, 640], [320, 427]]);
    expect(await exists(getKeptUploadFile(pipeline.jobDirectory, created.id))).toBe(true);
    expect(await exists(getMasterFile(pipeline.jobDirectory, created.id))).toBe(false);
    // It stays on this machine: GPS and all, it is never copied to the shared storage.
    expect(await listKeys(pipeline.storage, "masters/")).toEqual([]);

    const worker = createImageWorker(pipeline);
    expect(await worker.resume()).toContain(created.id);
    await worker.idle();
    const image = (await getImage(test.db, created.id))!;
    expect(image.status).toBe("ready");
    // Full quality: the 640-wide variants were made from the master, not from a stand-in.
    expect(parseVariants(image.variants).map((v) => `${v.name}.${v.format} ${v.width}x${v.height}`).toSorted()).toEqual(
      ["w320.avif 320x427", "w320.jpeg 320x427", "w320.webp 320x427", "w640.avif 480x640", "w640.jpeg 480x640", "w640.webp 480x640"],
    );
    expect(await exists(getKeptUploadFile(pipeline.jobDirectory, created.id))).toBe(false);
    expect(await exists(getMasterFile(pipeline.jobDirectory, created.id))).toBe(false);
    expect(await listKeys(pipeline.storage, `masters/${created.id}`)).toEqual([]);
    await worker.stop();
  });

  it("makes every variant when the server died between creating the row and storing the first file", async () => {
    const id = uuidv7();
    const file = await copyFixture("exif-rotated.jpg");
    await writeMasterFile(await decodeMaster(file), getMasterFile(pipeline.jobDirectory, id));
    await rm(file);
    await createImage(test.db, { id, categoryId, name: `crashed-${id}`, title: "", caption: "", width: 480, height: 640, placeholder: null });

    const worker = createImageWorker(pipeline);
    await worker.resume();
    await worker.idle();
    const image = (await getImage(test.db, id))!;
    expect(image.status).toBe("ready");
    expect(parseVariants(image.variants)).toHaveLength(6);
    await worker.stop();
  });

  it("finishes from the largest stored variant when the master and its shared copy are lost", async () => {
    const first = createImageWorker(pipeline);
    await first.stop();
    const { id } = await first.addImage(await upload("exif-rotated.jpg"));
    await first.idle();
    await rm(getMasterFile(pipeline.jobDirectory, id));
    await pipeline.storage.delete(getMasterKey(id));

    const second = createImageWorker(pipeline);
    await second.resume();
    await second.idle();
    const image = (await getImage(test.db, id))!;
    expect(image.status).toBe("ready");
    expect(parseVariants(image.variants).map((v) => v.width).toSorted()).toEqual([320, 320, 320, 480, 480, 480]);
    await second.stop();
  });

  it("gives a photo stored before the 960-wide size existed that size, made from its largest stored file", async () => {
    const worker = createImageWorker(pipeline);
    const photo = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: "#5070a0" } }).jpeg().toBuffer();
    const { id } = await worker.addImage({ ...(await upload("tiny.png")), file: await writeUpload(photo) });
    await worker.idle();
    await worker.stop();
    // As such a photo is: ready, its master gone, no 960-wide file stored or recorded.
    const stored = parseVariants((await getImage(test.db, id))!.variants);
    for (const v of stored.filter((v) => v.name === "w960")) await pipeline.storage.delete(getVariantKey(id, v));
    await test.db.updateTable("image").set({ variants: JSON.stringify(stored.filter((v) => v.name !== "w960")) }).where("id", "=", id).execute();
    expect(await exists(getMasterFile(pipeline.jobDirectory, id))).toBe(false);

    const added = await addMissingSizes(pipeline);
    expect(added.variants).toBeGreaterThanOrEqual(3);
    const image = (await getImage(test.db, id))!;
    expect(image.status).toBe("ready");
    const made = parseVariants(image.variants).filter((v) => v.name === "w960");
    expect(made.map((v) => `${v.format} ${v.width}x${v.height}`).toSorted()).toEqual(["avif 960x640", "jpeg 960x640", "webp 960x640"]);
    for (const v of made) {
      const { data } = await readVariantFile(image, "w960", v.format);
      expect(await sharp(data).metadata()).toMatchObject({ width: 960, height: 640, format: { avif: "heif", webp: "webp", jpeg: "jpeg" }[v.format] });
    }
    // Nothing is left to add for it: a second run leaves it as it is.
    await addMissingSizes(pipeline);
    expect(parseVariants((await getImage(test.db, id))!.variants)).toEqual(parseVariants(image.variants));
  });

  it("counts a photo whose files are gone as failed and goes on with the others", async () => {
    const id = uuidv7();
    await createImage(test.db, { id, categoryId, name: `lost-${id}`, title: "", caption: "", width: 1500, height: 1000, placeholder: null });
    const lost = { name: "w2048", format: "jpeg", width: 1500, height: 1000, size: 10, hash: "lostfilehash" } as const;
    await test.db.updateTable("image").set({ status: "ready", variants: JSON.stringify([lost]) }).where("id", "=", id).execute();
    const added = await addMissingSizes(pipeline);
    expect(added.failed).toBeGreaterThanOrEqual(1);
    expect(parseVariants((await getImage(test.db, id))!.variants)).toEqual([lost]);
    await deleteImage(test.db, id);
  });

  it("removes every file of an image deleted while its variants were being made", async () => {
    // The admin deletes the image (its row) while the worker is storing its first background variant.
    const deleting = wrapStorage(pipeline.storage, {
      put: async (key, body, options) => {
        await pipeline.storage.put(key, body, options);
        if (key.endsWith(".avif")) await deleteImage(test.db, key.split("/")[1]!);
      },
    });
    const worker = createImageWorker({ ...pipeline, storage: deleting });
    const { id } = await worker.addImage(await upload("exif-rotated.jpg"));
    await worker.idle();
    expect(await getImage(test.db, id)).toBeNull();
    expect(await listKeys(pipeline.storage, `images/${id}/`)).toEqual([]);
    expect(await listKeys(pipeline.storage, `masters/${id}`)).toEqual([]);
    expect(await exists(getMasterFile(pipeline.jobDirectory, id))).toBe(false);
    await worker.stop();
  });

  it("marks an image failed after repeated errors and keeps the variants it has", async () => {
    const flaky = wrapStorage(pipeline.storage, {
      put: async (key, body, options) => {
        if (key.endsWith(".avif")) throw new Error("storage unavailable");
        await pipeline.storage.put(key, body, options);
      },
    });
    const worker = createImageWorker({ ...pipeline, storage: flaky }, { retryDelayMs: 5, maxAttempts: 2 });
    const { id } = await worker.addImage(await upload("exif-rotated.jpg"));
    await worker.idle();
    const image = (await getImage(test.db, id))!;
    expect(image.status).toBe("failed");
    expect(parseVariants(image.variants).map((v) => `${v.name}.${v.format}`)).toEqual(["w640.webp", "w640.jpeg", "w320.webp"]);
    expect(await exists(getMasterFile(pipeline.jobDirectory, id))).toBe(false);
    await worker.stop();
  });

  it("deletes stored files that belong to no image, sparing recent uploads", async () => {
    const worker = createImageWorker(pipeline);
    const kept = await worker.addImage(await upload("tiny.png"));
    await worker.idle();
    const old = uuidv7({ msecs: Date.now() - 2 * 60 * 60 * 1000 });
    const recent = uuidv7();
    await pipeline.storage.put(`images/${old}/w640.webp`, Buffer.from("orphan"));
    await pipeline.storage.put(`images/${recent}/w640.webp`, Buffer.from("upload in progress"));
    await pipeline.storage.put("images/not-an-id/w640.webp", Buffer.from("junk"));
    await writeMasterFile(await decodeMaster(await copyFixture("tiny.png")), getMasterFile(pipeline.jobDirectory, old));

    const result = await deleteOrphanImageFiles(pipeline);
    expect(result.deletedKeys.toSorted()).toEqual([`images/${old}/w640.webp`, "images/not-an-id/w640.webp"].toSorted());
    expect(result.deletedJobFiles).toEqual([getMasterFile(pipeline.jobDirectory, old)]);
    expect(await pipeline.storage.exists(`images/${recent}/w640.webp`)).toBe(true);
    expect((await listKeys(pipeline.storage, `images/${kept.id}/`)).length).toBe(3);
    await worker.stop();
  });
});
