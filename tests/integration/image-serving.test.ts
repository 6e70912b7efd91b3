import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type ImageVariant, parseVariants } from "~/lib/image-variants";
import { getVariantUrl } from "~/lib/image-url";
import { getImage } from "~/server/db/images.server";
import type { Image } from "~/server/db/schema.server";
import { getVariantKey } from "~/server/images/image-files.server";
import { createImageWorker } from "~/server/images/image-worker.server";
import { serveImageVariant } from "~/server/images/serve-variant.server";
import type { Storage } from "~/server/storage/storage-contract.server";
import { readAll } from "~/server/storage/read-all.server";
import { insertCategory } from "../factories/categories";
import { describeEachDialect } from "../setup/databases";
import { copyFixture, createTestPipeline } from "../setup/images";

await describeEachDialect("serving image variants", (test) => {
  let pipeline: Awaited<ReturnType<typeof createTestPipeline>>;
  let image: Image;
  let webp: ImageVariant;
  const requestedKeys: string[] = [];
  let spy: Storage;

  beforeAll(async () => {
    pipeline = await createTestPipeline(test.db);
    const { id: categoryId } = await insertCategory(test.db, { name: "Tiling" });
    const worker = createImageWorker(pipeline);
    const created = await worker.addImage({ file: await copyFixture("exif-rotated.jpg"), categoryId, name: "splashback", title: "", caption: "" });
    await worker.idle();
    await worker.stop();
    image = (await getImage(test.db, created.id))!;
    webp = parseVariants(image.variants).find((v) => v.name === "w640" && v.format === "webp")!;
    const storage = pipeline.storage;
    spy = {
      put: (key, body, options) => storage.put(key, body, options),
      get: (key) => {
        requestedKeys.push(key);
        return storage.get(key);
      },
      delete: (key) => storage.delete(key),
      exists: (key) => storage.exists(key),
      list: (prefix) => storage.list(prefix),
      ping: () => storage.ping(),
    };
  });
  afterAll(async () => {
    await pipeline?.cleanup();
  });

  const serve = (url: string, params: { imageId?: string; variant?: string }, init?: RequestInit) =>
    serveImageVariant(test.db, spy, new Request(new URL(url, "http://site.test"), init), params);

  it("streams the variant with its content type, an ETag and a year-long immutable cache for the current URL", async () => {
    const url = getVariantUrl(image.id, webp);
    expect(url).toBe(`/media/${image.id}/w640.webp?v=${webp.hash}`);
    const response = await serve(url, { imageId: image.id, variant: "w640.webp" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("ETag")).toBe(`"${webp.hash}"`);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("Content-Length")).toBe(String(body.length));
    const stored = await readAll((await pipeline.storage.get(getVariantKey(image.id, webp)))!.body);
    expect(body.equals(stored)).toBe(true);
  });

  it.each([
    ["w640.jpg", "image/jpeg"],
    ["w320.avif", "image/avif"],
  ])("serves %s as %s", async (variant, type) => {
    const response = await serve(`/media/${image.id}/${variant}`, { imageId: image.id, variant });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe(type);
  });

  it("asks browsers to revalidate when the URL lacks the current hash, and answers 304 to a matching ETag", async () => {
    const stale = await serve(`/media/${image.id}/w640.webp?v=old`, { imageId: image.id, variant: "w640.webp" });
    expect(stale.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    const again = await serve(`/media/${image.id}/w640.webp`, { imageId: image.id, variant: "w640.webp" }, {
      headers: { "If-None-Match": `W/"other", "${webp.hash}"` },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("answers HEAD without a body", async () => {
    const response = await serve(`/media/${image.id}/w640.webp`, { imageId: image.id, variant: "w640.webp" }, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.body).toBeNull();
  });

  it("answers 404 for an unknown image, an unrecorded variant, and a file missing from storage", async () => {
    const unknown = await serve("/", { imageId: uuidv7(), variant: "w640.webp" });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe("Image not found");
    // The photo is 480 wide: it has no w1280 slot.
    expect((await serve("/", { imageId: image.id, variant: "w1280.webp" })).status).toBe(404);

    const orphan = uuidv7();
    await pipeline.storage.put(`images/${orphan}/w640.webp`, Buffer.from("no row"));
    expect((await serve("/", { imageId: orphan, variant: "w640.webp" })).status).toBe(404);

    const jpeg = parseVariants(image.variants).find((v) => v.name === "w320" && v.format === "jpeg")!;
    await pipeline.storage.delete(getVariantKey(image.id, jpeg));
    expect((await serve("/", { imageId: image.id, variant: "w320.jpg" })).status).toBe(404);
  });

  it.each([
    { imageId: "..", variant: "passwd" },
    { imageId: "../../etc", variant: "passwd" },
    { imageId: "..%2F..%2Fetc", variant: "passwd" },
    { imageId: "IMAGE", variant: "../../../etc/passwd" },
    { imageId: "IMAGE", variant: "..%2F..%2Fetc%2Fpasswd" },
    { imageId: "IMAGE", variant: "w640.webp/../../../../etc/passwd" },
    { imageId: "IMAGE", variant: "w640.svg" },
    { imageId: "IMAGE", variant: "w640.html" },
    { imageId: "IMAGE", variant: "original.jpg" },
    { imageId: "IMAGE", variant: "" },
    { imageId: "IMAGE/../../..", variant: "w640.webp" },
    { imageId: undefined, variant: undefined },
  ])("refuses %j without touching storage", async (params) => {
    const before = requestedKeys.length;
    const resolved = {
      imageId: params.imageId?.replace("IMAGE", image.id),
      variant: params.variant,
    };
    const response = await serve("/", resolved);
    expect(response.status).toBe(404);
    expect(requestedKeys.slice(before)).toEqual([]);
  });
});
