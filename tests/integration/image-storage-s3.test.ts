import sharp from "sharp";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseVariants } from "~/lib/image-variants";
import { getImage } from "~/server/db/images.server";
import { deleteOrphanImageFiles } from "~/server/images/delete-orphans.server";
import { deleteImageFiles, getVariantKey } from "~/server/images/image-files.server";
import { createImageWorker } from "~/server/images/image-worker.server";
import { serveImageVariant } from "~/server/images/serve-variant.server";
import { S3Storage } from "~/server/storage/s3.server";
import { readAll } from "~/server/storage/read-all.server";
import { insertCategory } from "../factories/categories";
import { createTestDatabase, type TestDatabase } from "../setup/databases";
import { copyFixture, createTestPipeline, listKeys } from "../setup/images";
import { type TestS3, startS3Server } from "../setup/s3";

const s3 = await startS3Server();

describe.skipIf(s3.skipReason !== undefined)(
  s3.skipReason ? `image pipeline on S3 (skipped: ${s3.skipReason})` : `image pipeline on ${s3.server?.description}`,
  () => {
    let test: TestDatabase;
    let pipeline: Awaited<ReturnType<typeof createTestPipeline>>;
    let categoryId: number;

    beforeAll(async () => {
      test = await createTestDatabase("sqlite");
      pipeline = await createTestPipeline(test.db, new S3Storage((s3.server as TestS3).config));
      ({ id: categoryId } = await insertCategory(test.db, { name: "Glazing" }));
    });
    afterAll(async () => {
      await pipeline?.cleanup();
      await test?.destroy();
      await s3.server?.stop();
    });

    it("stores stripped variants byte for byte with their content types, and serves them", async () => {
      const worker = createImageWorker(pipeline);
      const created = await worker.addImage({ file: await copyFixture("exif-rotated.jpg"), categoryId, name: "window", title: "", caption: "" });
      await worker.idle();
      await worker.stop();
      const image = (await getImage(test.db, created.id))!;
      expect(image.status).toBe("ready");
      expect(await listKeys(pipeline.storage, `images/${image.id}/`)).toHaveLength(6);

      for (const variant of parseVariants(image.variants)) {
        const object = (await pipeline.storage.get(getVariantKey(image.id, variant)))!;
        expect(object.contentType).toBe({ avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" }[variant.format]);
        const data = await readAll(object.body);
        // The stored size is the encoded size: no aws-chunked framing was stored with it.
        expect(data.length).toBe(variant.size);
        const metadata = await sharp(data).metadata();
        expect(metadata.exif).toBeUndefined();
        expect(metadata.width).toBe(variant.width);
      }

      const response = await serveImageVariant(test.db, pipeline.storage, new Request("http://site.test/"), {
        imageId: image.id,
        variant: "w640.jpg",
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/jpeg");
      expect((await response.arrayBuffer()).byteLength).toBe(Number(response.headers.get("Content-Length")));

      await deleteImageFiles(pipeline.storage, pipeline.jobDirectory, image.id);
      expect(await listKeys(pipeline.storage, `images/${image.id}/`)).toEqual([]);
    });

    it("finds and deletes orphaned files in the bucket", async () => {
      const orphan = uuidv7({ msecs: Date.now() - 3 * 60 * 60 * 1000 });
      await pipeline.storage.put(`images/${orphan}/w320.webp`, Buffer.from("orphan"));
      const result = await deleteOrphanImageFiles(pipeline);
      expect(result.deletedKeys).toEqual([`images/${orphan}/w320.webp`]);
      expect(await pipeline.storage.exists(`images/${orphan}/w320.webp`)).toBe(false);
    });
  },
);
