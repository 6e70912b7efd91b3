import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { VARIANT_NAMES, parseVariants } from "~/lib/image-variants";
import { type Db, createDb } from "~/server/db/client.server";
import { deleteOrphanImageFiles } from "~/server/images/delete-orphans.server";
import { getVariantKey } from "~/server/images/image-files.server";
import { LocalStorage } from "~/server/storage/local.server";
import { readAll } from "~/server/storage/read-all.server";
import { insertCategory } from "../factories/categories";
import { brickWall } from "../../scripts/support/synthetic-photo";
import { buildMissingReason } from "../setup/build";
import { describeUnless } from "../setup/describe-unless";
import { listKeys } from "../setup/images";
import { HttpClient, completeUpload, createVerifiedUser, uploadThroughTus } from "../support/http-client";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { testPort } from "../support/ports";

// kill -9 of the production server while photos are being processed, then a restart on the same data folder.
const PORT = testPort("integration/crash-recovery");
const PHOTOS = 4;

const waitFor = async (check: () => Promise<boolean>, what: string, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/** A 12-megapixel photo with detail (a brick wall), so each takes the background worker a few seconds. */
const photo = (seed: number) =>
  sharp(brickWall(4000, 3000, seed + 1), { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();

describeUnless(buildMissingReason(), "kill -9 while photos are being processed", () => {
  let server: RunningServer;
  let db: Db;
  let dataDir: string;
  let categoryId: number;

  beforeAll(async () => {
    server = await startIsolatedServer(PORT, {}, { keepData: true });
    dataDir = server.dataDir;
    db = createDb({ kind: "sqlite", file: path.join(dataDir, "site.db") });
    const admin = new HttpClient(server.baseURL);
    await createVerifiedUser(admin, dataDir, "owner@crash.test", "crash-test-password-1");
    ({ id: categoryId } = await insertCategory(db, { name: "Crash" }));
    for (let i = 0; i < PHOTOS; i++) {
      const uploadId = await uploadThroughTus(admin, await photo(i), `wall-${i}.jpg`);
      const done = await completeUpload(admin, uploadId, categoryId, `wall-${i}`);
      expect(done.status).toBe(200);
    }
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
  });

  it("finishes every image after the restart, never shows a half-made one, and leaves no orphan after the sweep", async () => {
    const rows = () => db.selectFrom("image").select(["id", "status", "variants"]).where("categoryId", "=", categoryId).execute();
    // Killed in the middle: the background work has begun, and not finished.
    await waitFor(async () => (await rows()).some((row) => parseVariants(row.variants).length > 3), "background work to begin", 60_000);
    await server.kill();
    const killed = await rows();
    expect(killed.filter((row) => row.status === "processing").length).toBeGreaterThan(0);

    server = await startIsolatedServer(PORT, {}, { dataDir, keepData: true });
    // What a visitor sees right away: every picture the gallery offers is whole.
    const page = await (await fetch(`${server.baseURL}/gallery/${categoryId}`)).text();
    const urls = [...new Set([...page.matchAll(/\/media\/[0-9a-f-]{36}\/w\d+\.(?:avif|webp|jpg)\?v=[\w-]+/g)].map((m) => m[0]))];
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      const response = await fetch(`${server.baseURL}${url}`);
      expect(response.status, url).toBe(200);
      const image = sharp(Buffer.from(await response.arrayBuffer()), { failOn: "truncated" });
      expect((await image.stats()).channels.length, url).toBeGreaterThan(0);
    }

    await waitFor(async () => (await rows()).every((row) => row.status === "ready"), "every image to be ready", 180_000);
    await server.stop();

    // The periodic sweep, as it would run an hour later: afterwards the storage holds exactly the recorded variants.
    const storage = new LocalStorage(path.join(dataDir, "uploads"));
    const jobDirectory = path.join(dataDir, "image-jobs");
    await deleteOrphanImageFiles({ db, storage, jobDirectory }, { graceMs: 0 });
    const recorded = (await rows()).flatMap((row) => parseVariants(row.variants).map((v) => getVariantKey(row.id, v)));
    // A 4000-wide photo gets every size in AVIF, WebP and JPEG.
    expect(recorded).toHaveLength(PHOTOS * VARIANT_NAMES.length * 3);
    expect(await listKeys(storage, "images/")).toEqual(recorded.toSorted());
    expect(await listKeys(storage, "masters/")).toEqual([]);
    expect(existsSync(jobDirectory) ? readdirSync(jobDirectory) : []).toEqual([]);
    const leftovers = readdirSync(path.join(dataDir, "uploads"), { recursive: true }).filter((name) => String(name).endsWith(".tmp"));
    expect(leftovers).toEqual([]);
    for (const key of recorded) {
      const object = await storage.get(key);
      await sharp(await readAll(object!.body), { failOn: "truncated" }).stats();
    }
  }, 300_000);
});
