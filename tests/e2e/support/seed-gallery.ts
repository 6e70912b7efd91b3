import { cp, rm } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { v7 as uuidv7 } from "uuid";
import { createCategory } from "~/server/db/categories.server";
import { type Db, createDb } from "~/server/db/client.server";
import { createImage, getLastImagePosition, updateImageStatus } from "~/server/db/images.server";
import { positionAfter } from "~/server/db/positions.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import type { Image } from "~/server/db/schema.server";
import { createImageWorker } from "~/server/images/image-worker.server";
import { LocalStorage } from "~/server/storage/local.server";
import { brickWall } from "../../../scripts/support/synthetic-photo";
import { writeUpload } from "../../setup/images";

export type SeedPhoto = {
  name: string;
  title?: string;
  caption?: string;
  /** Upright size; small photos (one stored width) keep seeding quick. */
  width?: number;
  height?: number;
  /** "bricks" looks like a photo (for screenshots); "plain" is a flat colour with a block, quick to encode. */
  look?: "bricks" | "plain";
};

function withDb<T>(dataDir: string, work: (db: Db) => Promise<T>): Promise<T> {
  const db = createDb({ kind: "sqlite", file: path.join(dataDir, "site.db") });
  return migrateToLatest(db)
    .then(() => work(db))
    .finally(() => db.destroy());
}

async function picture(photo: SeedPhoto, index: number): Promise<Buffer> {
  const width = photo.width ?? 320;
  const height = photo.height ?? 240;
  if (photo.look === "bricks") {
    return sharp(brickWall(width, height, index + 1), { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
  }
  // A different hue per photo and a block in a different place, so each one is recognisable.
  const hue = (index * 47) % 360;
  const block = Math.round(Math.min(width, height) / 3);
  return sharp({ create: { width, height, channels: 3, background: `hsl(${hue}, 55%, 55%)` } })
    .composite([
      {
        input: { create: { width: block, height: block, channels: 3, background: `hsl(${(hue + 180) % 360}, 60%, 35%)` } },
        left: (index * 37) % (width - block),
        top: (index * 23) % (height - block),
      },
    ])
    .png()
    .toBuffer();
}

/**
 * Creates a category and puts its photos into a server's data folder (its SQLite file, storage folder and job
 * folder) in the order given, which is their upload order. Run it before the server starts. The first `distinct`
 * photos go through the real upload pipeline; the rest reuse their stored pictures in turn (rows of their own,
 * copies of the files), because encoding is slow on a busy 2-core machine and a long gallery needs rows, not pixels.
 */
export async function seedGallery(
  dataDir: string,
  category: string,
  photos: SeedPhoto[],
  { distinct = photos.length }: { distinct?: number } = {},
): Promise<{ categoryId: number; images: Image[] }> {
  return withDb(dataDir, async (db) => {
    const { id: categoryId } = await createCategory(db, category);
    const storageRoot = path.join(dataDir, "uploads");
    const worker = createImageWorker({ db, storage: new LocalStorage(storageRoot), jobDirectory: path.join(dataDir, "image-jobs") });
    const ids: string[] = [];
    try {
      for (const [index, photo] of photos.slice(0, distinct).entries()) {
        const file = await writeUpload(await picture(photo, index));
        ids.push((await worker.addImage({ file, categoryId, name: photo.name, title: photo.title ?? "", caption: photo.caption ?? "" })).id);
      }
      await worker.idle();
    } finally {
      await worker.stop();
    }
    const originals = await db.selectFrom("image").selectAll().where("id", "in", ids.length ? ids : [""]).orderBy("id").execute();
    // Copies go at the end of the owner's order, as uploads would.
    let position = await getLastImagePosition(db, categoryId);
    for (const [index, photo] of photos.slice(distinct).entries()) {
      position = positionAfter(position);
      const source = originals[index % originals.length] as Image;
      const id = uuidv7();
      const now = new Date().toISOString();
      await db
        .insertInto("image")
        .values({ ...source, id, position, name: photo.name, title: photo.title ?? "", caption: photo.caption ?? "", version: 1, createdAt: now, updatedAt: now })
        .execute();
      await cp(path.join(storageRoot, "images", source.id), path.join(storageRoot, "images", id), { recursive: true });
      ids.push(id);
    }
    const images = await db.selectFrom("image").selectAll().where("categoryId", "=", categoryId).orderBy("id").execute();
    return { categoryId, images };
  });
}

/** An image row whose stored files are gone (a storage mishap): the page must show the fallback entry. */
export async function deleteStoredFiles(dataDir: string, imageId: string): Promise<void> {
  await rm(path.join(dataDir, "uploads", "images", imageId), { recursive: true, force: true });
}

/** An image whose variants were never made (the encoder gave up): nothing stored, status failed. */
export async function addImageWithoutFiles(dataDir: string, categoryId: number, values: { name: string; title: string; caption: string }): Promise<string> {
  return withDb(dataDir, async (db) => {
    const id = uuidv7();
    await createImage(db, { id, categoryId, ...values, width: 800, height: 600, placeholder: null });
    await updateImageStatus(db, id, "failed");
    return id;
  });
}
