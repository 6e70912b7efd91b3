import path from "node:path";
import type { Image } from "~/server/db/schema.server";
import { createDb } from "~/server/db/client.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { createImageWorker } from "~/server/images/image-worker.server";
import { LocalStorage } from "~/server/storage/local.server";
import { createCategoryRow } from "../../factories/categories";
import { type FixtureName, copyFixture } from "../../setup/images";

type SeedValues = { category: string; name: string; title?: string; caption?: string };

/**
 * Puts a fixture through the real pipeline into a server's data folder (its SQLite file, storage folder and
 * job folder), as an admin's upload would, and waits for every variant; with `finish: false` it stops after
 * the first variants, like a server shut down mid-way, and leaves the rest pending.
 */
export async function seedImage(dataDir: string, fixture: FixtureName, values: SeedValues, { finish = true } = {}): Promise<Image> {
  const db = createDb({ kind: "sqlite", file: path.join(dataDir, "site.db") });
  try {
    await migrateToLatest(db);
    await db.insertInto("category").values(createCategoryRow({ name: values.category })).onConflict((oc) => oc.doNothing()).execute();
    const category = await db.selectFrom("category").select("id").where("name", "=", values.category).executeTakeFirstOrThrow();
    const worker = createImageWorker({ db, storage: new LocalStorage(path.join(dataDir, "uploads")), jobDirectory: path.join(dataDir, "image-jobs") });
    // A stopped worker still makes the first variants of an upload, and starts no background work.
    if (!finish) await worker.stop();
    const image = await worker.addImage({
      file: await copyFixture(fixture),
      categoryId: category.id,
      name: values.name,
      title: values.title ?? "",
      caption: values.caption ?? "",
    });
    if (finish) await worker.idle();
    await worker.stop();
    return (await db.selectFrom("image").selectAll().where("id", "=", image.id).executeTakeFirstOrThrow());
  } finally {
    await db.destroy();
  }
}
