import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "~/server/db/categories.server";
import { processEnquiryPhoto } from "~/server/enquiries/enquiry-photos.server";
import { storeAvatar } from "~/server/images/avatar.server";
import { createImageFromUpload } from "~/server/images/create-image.server";
import { decodeQueue, runDecode } from "~/server/images/decode-queue.server";
import { finishImageVariants } from "~/server/images/finish-image.server";
import { decodeHeif } from "~/server/images/heif-decoder.server";
import { createTestDatabase, type TestDatabase } from "../setup/databases";
import { encodeHeic, heifEncMissing, makePhoneJpeg } from "../setup/heic";
import { FIXTURES_DIR, copyFixture, createTestPipeline, writeUpload } from "../setup/images";

// Every sharp job on a picture someone sent (profile pictures, gallery uploads and their background variants,
// customers' photos) runs through the process's one decode queue. sharp's own methods are watched here: each read
// or write of pixels made while the app works must happen while the queue counts a job running.
type Method = "toBuffer" | "toFile" | "metadata";
const watched: { calls: { method: Method; inQueue: boolean; where: string }[]; on: boolean } = { calls: [], on: false };
const prototype = sharp.prototype as unknown as Record<Method, (...args: unknown[]) => unknown>;
for (const method of ["toBuffer", "toFile", "metadata"] as const) {
  const original = prototype[method];
  prototype[method] = function (this: unknown, ...args: unknown[]) {
    if (watched.on) {
      const where = new Error().stack?.split("\n").find((line) => line.includes("/app/server/")) ?? "";
      watched.calls.push({ method, inQueue: decodeQueue.running > 0, where: where.trim() });
    }
    return original.apply(this, args);
  };
}
async function watch<T>(work: () => Promise<T>): Promise<T> {
  watched.on = true;
  try {
    return await work();
  } finally {
    watched.on = false;
  }
}
const deferred = () => Promise.withResolvers<void>();

describe("the one decode queue", () => {
  let test: TestDatabase;
  let pipeline: Awaited<ReturnType<typeof createTestPipeline>>;
  let categoryId: number;
  let photo: Buffer;
  beforeAll(async () => {
    test = await createTestDatabase("sqlite");
    pipeline = await createTestPipeline(test.db);
    categoryId = (await createCategory(test.db, "Queue")).id;
    photo = await readFile(path.join(FIXTURES_DIR, "exif-rotated.jpg"));
  });
  afterAll(async () => {
    await pipeline?.cleanup();
    await test?.destroy();
  });

  it("runs every sharp job of an avatar, a gallery upload from first variant to last, and a customer's photo inside it", async () => {
    watched.calls = [];
    await watch(() => storeAvatar(pipeline.storage, photo));
    const image = await watch(async () =>
      createImageFromUpload(pipeline, { file: await copyFixture("exif-rotated.jpg"), categoryId, name: "every-step", title: "", caption: "" }),
    );
    // An image recorded before its size was (an older row): finishing it reads the size from the master file.
    await test.db.updateTable("image").set({ width: null }).where("id", "=", image.id).execute();
    expect(await watch(() => finishImageVariants(pipeline, image.id))).toBe("ready");
    await watch(async () => processEnquiryPhoto(await copyFixture("landscape.jpg")));

    expect(watched.calls.length).toBeGreaterThan(10);
    for (const method of ["toBuffer", "toFile", "metadata"] as const) expect(watched.calls.some((call) => call.method === method), method).toBe(true);
    expect(watched.calls.filter((call) => !call.inQueue)).toEqual([]);
  });

  it("makes an avatar and a gallery upload wait while every slot is taken, then runs them", async () => {
    const gate = deferred();
    const slots = os.availableParallelism();
    const blockers = Array.from({ length: slots }, () => runDecode(() => gate.promise, { background: true }));
    expect([decodeQueue.running, decodeQueue.waiting]).toEqual([slots, 0]);

    watched.calls = [];
    watched.on = true;
    const settled: string[] = [];
    const avatar = storeAvatar(pipeline.storage, photo).finally(() => settled.push("avatar"));
    const upload = copyFixture("landscape.jpg").then((file) =>
      createImageFromUpload(pipeline, { file, categoryId, name: "waits", title: "", caption: "" }).finally(() => settled.push("gallery")),
    );
    await expect.poll(() => decodeQueue.waiting).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toEqual([]);
    expect(watched.calls).toEqual([]);

    gate.resolve();
    await Promise.all(blockers);
    expect(await avatar).toMatch(/^profile-pics\//);
    expect((await upload).name).toBe("waits");
    watched.on = false;
    expect(watched.calls.filter((call) => !call.inQueue)).toEqual([]);
  });

  it.skipIf(heifEncMissing !== undefined)(
    heifEncMissing ? `decodes HEIC inside the queue, off the main thread (skipped: ${heifEncMissing})` : "decodes HEIC inside the queue, off the main thread",
    async () => {
      const heic = await encodeHeic(await makePhoneJpeg(3000, 2000));
      const gate = deferred();
      const slots = os.availableParallelism();
      const blockers = Array.from({ length: slots }, () => runDecode(() => gate.promise, { background: true }));
      let settled = false;
      const photo = processEnquiryPhoto(await writeUpload(heic)).finally(() => (settled = true));
      await expect.poll(() => decodeQueue.waiting).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(settled).toBe(false);
      gate.resolve();
      await Promise.all(blockers);
      expect((await photo).width).toBe(2048);

      // While libheif decodes on its worker thread, this thread keeps running its timers.
      let last = performance.now();
      let longestPause = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        longestPause = Math.max(longestPause, now - last);
        last = now;
      }, 5);
      const started = performance.now();
      const decoded = await decodeHeif(heic);
      const took = performance.now() - started;
      clearInterval(ticker);
      expect([decoded.width, decoded.height]).toEqual([3000, 2000]);
      expect(longestPause).toBeLessThan(took / 2);
    },
  );
});
