// Fills a site's data folder with one gallery of photos sent through the real image pipeline (every variant
// encoded and stored, as after an admin's upload), for bench:pages and screenshots. Run by node with the app's
// import hooks:
//   node --experimental-transform-types --import ./scripts/support/resolve-app-imports.ts \
//     scripts/support/seed-photo-gallery.ts DATA_DIR [COUNT]
// Prints the new category's id. The photos are synthetic (no photo library can be fetched here) but
// photo-like for the encoders: gradients, edges and sensor noise, in landscape and portrait.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createDb } from "../../app/server/db/client.server.ts";
import { migrateToLatest } from "../../app/server/db/migrate.server.ts";
import { createImageWorker } from "../../app/server/images/image-worker.server.ts";
import { LocalStorage } from "../../app/server/storage/local.server.ts";
import { brickWall } from "./synthetic-photo.ts";

const [dataDir, countArg = "24"] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-photo-gallery.ts DATA_DIR [COUNT]");
const count = Number(countArg);

const db = createDb({ kind: "sqlite", file: path.join(dataDir, "site.db") });
await migrateToLatest(db);
const now = new Date().toISOString();
const { id: categoryId } = await db
  .insertInto("category")
  .values({ name: "plastering", createdAt: now, updatedAt: now })
  .returning("id")
  .executeTakeFirstOrThrow();

// The same folders the server uses by default (env.server.ts, background-jobs.server.ts).
const worker = createImageWorker({
  db,
  storage: new LocalStorage(path.join(dataDir, "uploads")),
  jobDirectory: path.join(dataDir, "image-jobs"),
});
const scratch = await mkdtemp(path.join(os.tmpdir(), "seed-photos-"));
try {
  for (let i = 0; i < count; i++) {
    // Every fourth photo is upright, as phone photos often are; 2400 px on the long side, JPEG from the camera.
    const [width, height] = i % 4 === 3 ? [1800, 2400] : [2400, 1800];
    const file = path.join(scratch, `photo-${i}.jpg`);
    await sharp(brickWall(width, height, i + 1), { raw: { width, height, channels: 3 } }).jpeg({ quality: 88 }).toFile(file);
    await worker.addImage({
      file,
      categoryId,
      name: `job-${i + 1}`,
      title: `Job ${i + 1}`,
      caption: `Walls skimmed and made good, finished ready for paint (photo ${i + 1}).`,
    });
  }
  await worker.idle();
} finally {
  await worker.stop();
  await db.destroy();
  await rm(scratch, { recursive: true, force: true });
}
console.log(categoryId);
