import { expect, test } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { getVariantUrl } from "~/lib/image-url";
import { parseVariants } from "~/lib/image-variants";
import type { Image } from "~/server/db/schema.server";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { seedImage } from "./support/seed-images";
import { testPort } from "../support/ports";

const PORT = testPort("e2e/media");

// A site of its own: a photo seeded into the shared one would appear on the public pages other specs check.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-media-"));
let image: Image;
let server: RunningServer | undefined;

test.beforeAll(async () => {
  image = await seedImage(dataDir, "exif-rotated.jpg", { category: "plastering", name: `sideways-phone-photo-${Date.now()}`, title: "Ceiling" });
  server = await startIsolatedServer(PORT, {}, { dataDir, keepData: true });
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test("a GPS-tagged photo taken sideways is served upright, with no metadata, cached for a year", async ({ page, request }) => {
  const jpeg = parseVariants(image.variants).find((v) => v.name === "w640" && v.format === "jpeg")!;
  const response = await request.get(getVariantUrl(image.id, jpeg));
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["cross-origin-resource-policy"]).toBe("same-origin");
  // A photo is not a page: none of the page headers (CSP, framing, referrer), sent again with every photo.
  expect(response.headers()["content-security-policy"]).toBeUndefined();
  expect(response.headers()["x-frame-options"]).toBeUndefined();
  const metadata = await sharp(await response.body()).metadata();
  expect(metadata.exif).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();

  // As a browser sees it: portrait, as the photographer held the phone.
  await page.goto(getVariantUrl(image.id, jpeg));
  const size = await page.locator("img").evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(size).toEqual([480, 640]);
});

test("media URLs cannot reach outside the stored images", async ({ request }) => {
  for (const url of [
    "/media/..%2F..%2Fsite.db/w640.webp",
    "/media/%2e%2e/%2e%2e%2fsite.db",
    `/media/${image.id}/..%2F..%2F..%2Fsite.db`,
    `/media/${image.id}/..%252F..%252F..%252Fsite.db`,
    `/media/${image.id}/w640.webp%00.html`,
    "/media/..%5C..%5Csite.db/w640.webp",
    "/media/images/w640.webp",
  ]) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(404);
    const body = await response.body();
    expect(body.includes(Buffer.from("SQLite format")), url).toBe(false);
  }
});

test("the upload endpoint refuses a visitor", async ({ request }) => {
  const response = await request.post("/api/uploads", { headers: { "Tus-Resumable": "1.0.0", "Upload-Length": "10" } });
  expect(response.status()).toBe(401);
});
