// One run of the image benchmark, in a fresh process so its peak memory is its own. Started by
// scripts/bench-images.ts; prints one line of JSON.
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseVariants } from "../../app/lib/image-variants.ts";
import { createDb } from "../../app/server/db/client.server.ts";
import { getImage } from "../../app/server/db/images.server.ts";
import { migrateToLatest } from "../../app/server/db/migrate.server.ts";
import { createImageWorker } from "../../app/server/images/image-worker.server.ts";
import { LocalStorage } from "../../app/server/storage/local.server.ts";

const photo = process.argv[2];
if (!photo) throw new Error("usage: bench-images-run.ts PHOTO");

const root = await mkdtemp(path.join(os.tmpdir(), "bench-images-"));
const db = createDb({ kind: "sqlite", file: path.join(root, "site.db") });
await migrateToLatest(db);
const now = new Date().toISOString();
const { id: categoryId } = await db
  .insertInto("category")
  .values({ name: "Bench", createdAt: now, updatedAt: now })
  .returning("id")
  .executeTakeFirstOrThrow();
const worker = createImageWorker({ db, storage: new LocalStorage(path.join(root, "storage")), jobDirectory: path.join(root, "jobs") });

// The upload has just finished: its bytes are on the local disk.
const upload = path.join(root, "upload");
await copyFile(photo, upload);
const baselineBytes = process.memoryUsage().rss;

const started = performance.now();
const cpuBefore = process.cpuUsage();
const created = await worker.addImage({ file: upload, categoryId, name: "photo", title: "", caption: "" });
const displayableMs = performance.now() - started;
const displayableCpu = process.cpuUsage(cpuBefore);
const displayableCpuMs = (displayableCpu.user + displayableCpu.system) / 1000;
await worker.idle();
const doneMs = performance.now() - started;
// CPU time of every thread (libvips and the encoders included): unlike wall time, other work on the machine barely moves it.
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000;
const peakBytes = process.resourceUsage().maxRSS * 1024;

const image = await getImage(db, created.id);
const variants = parseVariants(image?.variants);
console.log(
  JSON.stringify({
    displayableMs,
    displayableCpuMs,
    doneMs,
    cpuMs,
    peakBytes,
    baselineBytes,
    status: image?.status,
    firstVariants: parseVariants(created.variants).length,
    variants: variants.length,
    storedBytes: variants.reduce((sum, v) => sum + v.size, 0),
  }),
);
await worker.stop();
await db.destroy();
await rm(root, { recursive: true, force: true });
