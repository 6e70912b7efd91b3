import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { parseVariants } from "~/lib/image-variants";
import { consumeRateLimit } from "~/server/auth/rate-limit.server";
import { type Db, createDb } from "~/server/db/client.server";
import { claimNextImageJob } from "~/server/db/image-jobs.server";
import { getImage } from "~/server/db/images.server";
import { createImageWorker } from "~/server/images/image-worker.server";
import { getMasterFile } from "~/server/images/master-image.server";
import type { ImagePipeline } from "~/server/images/image-pipeline.server";
import type { Image } from "~/server/db/schema.server";
import { LocalStorage } from "~/server/storage/local.server";
import { S3Storage } from "~/server/storage/s3.server";
import type { Storage } from "~/server/storage/storage-contract.server";
import { getVisitCount, recordVisit } from "~/server/visits/visits.server";
import { insertCategory } from "../factories/categories";
import { type DialectKind, describeEachDialect } from "../setup/databases";
import { copyFixture, listKeys, wrapStorage } from "../setup/images";
import { type TestS3, startS3Server } from "../setup/s3";

// Two server instances on one database and one storage, the way a site grows past one machine: each has its own
// database pool and its own job folder (its own disk); they share the rows and the stored files.
const s3 = await startS3Server();
afterAll(async () => s3.server?.stop());

const waitFor = async (check: () => Promise<boolean>, what: string, ms = 60_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const storageKind = (kind: DialectKind) => (kind === "postgres" && s3.server ? "S3" : "a local folder");

await describeEachDialect((kind) => `image jobs shared by two instances, storage in ${storageKind(kind)},`, (test) => {
  let secondDb: Db;
  let storage: Storage;
  let root: string;
  let categoryId: number;
  /** Which instance stored each key, in order. */
  const puts: { key: string; by: string }[] = [];

  const instance = (name: string, db: Db, options: Parameters<typeof createImageWorker>[1] = {}) => {
    const pipeline: ImagePipeline = {
      db,
      storage: wrapStorage(storage, {
        put: async (key, body, putOptions) => {
          await storage.put(key, body, putOptions);
          puts.push({ key, by: name });
        },
      }),
      jobDirectory: path.join(root, `jobs-${name}`),
    };
    return { pipeline, worker: createImageWorker(pipeline, { owner: `${name}/1`, pollMs: 50, ...options }) };
  };
  const upload = async (name: string) => ({ file: await copyFixture("exif-rotated.jpg"), categoryId, name, title: "", caption: "" });

  beforeAll(async () => {
    secondDb = test.kind === "postgres" ? createDb({ kind: "postgres", url: test.url }) : test.db;
    root = await mkdtemp(path.join(os.tmpdir(), "image-jobs-"));
    storage = storageKind(test.kind) === "S3" ? new S3Storage((s3.server as TestS3).config) : new LocalStorage(path.join(root, "storage"));
    ({ id: categoryId } = await insertCategory(test.db, { name: "Extensions" }));
  });
  afterAll(async () => {
    if (secondDb !== test.db) await secondDb?.destroy();
    await rm(root, { recursive: true, force: true });
  });

  it("each unfinished image is finished by exactly one instance, every variant stored once", async () => {
    // Uploads taken by one instance, which then stopped: both instances start and find the same unfinished images.
    // (Stopped first, its worker takes uploads but starts no background work.)
    const uploader = instance("uploader", test.db);
    await uploader.worker.stop();
    const images: Image[] = [];
    for (const name of ["p1", "p2", "p3", "p4"]) images.push(await uploader.worker.addImage(await upload(name)));
    puts.length = 0;
    const a = instance("a", test.db);
    const b = instance("b", secondDb);
    await Promise.all([a.worker.resume(), b.worker.resume()]);
    await waitFor(async () => {
      const rows = await Promise.all(images.map((image) => getImage(test.db, image.id)));
      return rows.every((row) => row?.status === "ready");
    }, "every image to be ready");
    await Promise.all([a.worker.stop(), b.worker.stop()]);

    for (const image of images) {
      const keys = puts.filter((p) => p.key.startsWith(`images/${image.id}/`));
      expect(new Set(keys.map((p) => p.key)).size, `${image.name}: no variant made twice`).toBe(keys.length);
      // Three variants came with the upload; the other three were made by one instance alone.
      expect(keys).toHaveLength(parseVariants((await getImage(test.db, image.id))!.variants).length - 3);
      expect(new Set(keys.map((p) => p.by)).size, `${image.name}: one instance did the rest`).toBe(1);
    }
    expect(await listKeys(storage, "masters/")).toEqual([]);
  });

  it("an instance that dies holding an image loses it when its lease lapses, and another finishes it from the shared master", async () => {
    const a = instance("dying", test.db);
    const image = await a.worker.addImage(await upload("orphaned"));
    await a.worker.stop();
    // The machine is gone: its disk with it. It had just claimed the image again when it died.
    await rm(a.pipeline.jobDirectory, { recursive: true, force: true });
    expect(await claimNextImageJob(test.db, "dying/2", 400)).toBe(image.id);

    const b = instance("survivor", secondDb);
    await b.worker.resume();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await getImage(test.db, image.id))?.leaseOwner, "not taken while the lease holds").toBe("dying/2");
    await waitFor(async () => (await getImage(test.db, image.id))?.status === "ready", "the survivor to finish it");
    await b.worker.stop();
    const finished = (await getImage(test.db, image.id))!;
    // Made from the full master, not from a stored variant: the largest variant has the photo's own width.
    expect(Math.max(...parseVariants(finished.variants).map((v) => v.width))).toBe(480);
    expect(await listKeys(storage, "masters/")).toEqual([]);
    expect(puts.filter((p) => p.key.startsWith(`images/${image.id}/`) && p.by === "survivor").length).toBeGreaterThan(0);
  });

  it("a restarted instance takes back what its last run held at once, without waiting for the lease", async () => {
    const first = instance("home", test.db);
    const image = await first.worker.addImage(await upload("interrupted"));
    await first.worker.stop();
    // kill -9 right after claiming it again, with ten minutes of lease left.
    expect(await claimNextImageJob(test.db, "home/1", 10 * 60_000)).toBe(image.id);
    const restarted = instance("home", test.db, { owner: "home/2" });
    await restarted.worker.resume();
    await waitFor(async () => (await getImage(test.db, image.id))?.status === "ready", "the restarted instance to finish it", 30_000);
    await restarted.worker.stop();
    expect(existsSync(getMasterFile(first.pipeline.jobDirectory, image.id))).toBe(false);
  });

  it("rate limits and the visitor counter hold across both instances", async () => {
    const limit = { windowSeconds: 60, max: 30 };
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, i) => consumeRateLimit(i % 2 === 0 ? test.db : secondDb, "signIn:ip:198.51.100.7", limit)),
    );
    expect(attempts.filter(Boolean)).toHaveLength(30);
    const before = await getVisitCount(test.db);
    await Promise.all(Array.from({ length: 200 }, (_, i) => recordVisit(i % 2 === 0 ? test.db : secondDb)));
    expect(await getVisitCount(secondDb)).toBe(before + 200);
  });
});
