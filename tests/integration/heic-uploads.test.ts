import { readdir } from "node:fs/promises";
import exifReader from "exif-reader";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseVariants } from "~/lib/image-variants";
import { getImage } from "~/server/db/images.server";
import { processEnquiryPhoto } from "~/server/enquiries/enquiry-photos.server";
import { storeAvatar } from "~/server/images/avatar.server";
import { createImageFromUpload } from "~/server/images/create-image.server";
import { getVariantKey } from "~/server/images/image-files.server";
import { createImageWorker } from "~/server/images/image-worker.server";
import { S3Storage } from "~/server/storage/s3.server";
import { readAll } from "~/server/storage/read-all.server";
import type { Storage } from "~/server/storage/storage-contract.server";
import { insertCategory } from "../factories/categories";
import { describeEachDialect } from "../setup/databases";
import { encodeHeic, exifInside, heifEncMissing, makePhoneJpeg, withDeclaredSize, withIrot } from "../setup/heic";
import { createTestPipeline, listKeys, writeUpload } from "../setup/images";
import { type TestS3, startS3Server } from "../setup/s3";

// An iPhone photo as it arrives: landscape pixels (red left, blue right) turned a quarter clockwise by irot, with an
// EXIF block that says Orientation 6 (ignored inside HEIC, or the picture would be turned twice) and a GPS position.
const phone = heifEncMissing ? Buffer.alloc(0) : withIrot(await encodeHeic(await makePhoneJpeg(1280, 640)), 3);
const s3 = await startS3Server();

/** Upright: the red half (the photo's left) is now at the top, the blue at the bottom. */
async function expectUprightWithoutMetadata(data: Buffer) {
  const metadata = await sharp(data).metadata();
  expect(metadata.height).toBeGreaterThan(metadata.width);
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
  const { data: pixels, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [...pixels.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
  const [r, , b] = at(Math.floor(info.width / 2), 3) as [number, number, number];
  expect(r).toBeGreaterThan(180);
  expect(b).toBeLessThan(80);
  const [r2, , b2] = at(Math.floor(info.width / 2), info.height - 4) as [number, number, number];
  expect(b2).toBeGreaterThan(180);
  expect(r2).toBeLessThan(80);
}

describe.skipIf(heifEncMissing !== undefined)(heifEncMissing ? `HEIC uploads (skipped: ${heifEncMissing})` : "HEIC uploads", () => {
  it("the fixture is what it claims: landscape pixels, irot, EXIF Orientation 6 and GPS", () => {
    const exif = exifReader(exifInside(phone)!);
    expect(exif.Image?.Orientation).toBe(6);
    expect(exif.GPSInfo).toMatchObject({ GPSLatitudeRef: "N", GPSLatitude: [52, 34, 2] });
    expect(phone.includes("irot")).toBe(true);
  });

  it("turns a HEIC sent with the quote form into an upright JPEG with no metadata", async () => {
    const photo = await processEnquiryPhoto(await writeUpload(phone));
    expect([photo.width, photo.height]).toEqual([640, 1280]);
    await expectUprightWithoutMetadata(photo.jpeg);
    await expectUprightWithoutMetadata(photo.thumb);
  });

  it("turns a HEIC profile picture into an upright square with no metadata", async () => {
    const stored = new Map<string, Buffer>();
    const storage = { put: async (key: string, body: Buffer) => void stored.set(key, body) } as unknown as Storage;
    const key = await storeAvatar(storage, phone);
    const metadata = await sharp(stored.get(key)).metadata();
    expect([metadata.width, metadata.height, metadata.exif]).toEqual([256, 256, undefined]);
  });
});

const pipelineTests = (storage: () => Storage | undefined) => (test: { db: Parameters<typeof createTestPipeline>[0] }) => {
  let pipeline: Awaited<ReturnType<typeof createTestPipeline>>;
  let categoryId: number;
  let counter = 0;
  const upload = async (bytes: Buffer) => ({ file: await writeUpload(bytes), categoryId, name: `phone-${++counter}`, title: "", caption: "" });
  beforeAll(async () => {
    pipeline = await createTestPipeline(test.db, storage());
    categoryId = (await insertCategory(test.db, { name: "Bathrooms" })).id;
  });
  afterAll(async () => pipeline?.cleanup());

  it("stores a HEIC from a phone upright, with no metadata in any variant", async () => {
    const worker = createImageWorker(pipeline);
    const created = await worker.addImage(await upload(phone));
    expect(created).toMatchObject({ width: 640, height: 1280 });
    await worker.idle();
    await worker.stop();
    const image = (await getImage(test.db, created.id))!;
    expect(image.status).toBe("ready");
    const variants = parseVariants(image.variants);
    expect(variants.map((v) => `${v.name}.${v.format}`).toSorted()).toEqual([
      "w320.avif", "w320.jpeg", "w320.webp", "w640.avif", "w640.jpeg", "w640.webp",
    ]);
    for (const variant of variants) {
      const object = (await pipeline.storage.get(getVariantKey(image.id, variant)))!;
      await expectUprightWithoutMetadata(await readAll(object.body));
    }
  });

  it.each([
    ["a huge declared size", () => withDeclaredSize(phone, 30_000, 30_000), /more than 50 megapixels/],
    ["a truncated file", () => phone.subarray(0, Math.floor(phone.length * 0.6)), /could not be read/],
  ])("refuses a hostile HEIC (%s) with its message, storing nothing", async (_name, bytes, message) => {
    const before = await listKeys(pipeline.storage);
    const rows = (await test.db.selectFrom("image").select("id").execute()).length;
    await expect(createImageFromUpload(pipeline, await upload(bytes()))).rejects.toThrow(message);
    expect(await listKeys(pipeline.storage)).toEqual(before);
    expect((await test.db.selectFrom("image").select("id").execute()).length).toBe(rows);
    expect((await readdir(pipeline.jobDirectory).catch(() => [])).filter((f) => f.endsWith(".tmp.v"))).toEqual([]);
  });
};

await describeEachDialect("HEIC through the gallery pipeline, local storage,", { skipReason: () => heifEncMissing }, pipelineTests(() => undefined));
await describeEachDialect(
  "HEIC through the gallery pipeline, S3 storage,",
  { skipReason: () => heifEncMissing ?? s3.skipReason },
  pipelineTests(() => new S3Storage((s3.server as TestS3).config)),
);
afterAll(async () => s3.server?.stop());
