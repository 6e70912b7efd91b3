import { PostgresAdapter } from "kysely";
import { type ImageVariant, parseVariants } from "~/lib/image-variants";
import type { Db } from "./client.server";
import type { Image, ImageStatus } from "./schema.server";

export type NewImageRow = Pick<Image, "id" | "categoryId" | "name" | "title" | "caption" | "width" | "height" | "placeholder">;

/** A new image whose variants are still to be made; its files are stored after this row exists. */
export async function createImage(db: Db, values: NewImageRow, now = new Date()): Promise<Image> {
  const stamp = now.toISOString();
  return db
    .insertInto("image")
    .values({ ...values, status: "processing", variants: "[]", createdAt: stamp, updatedAt: stamp })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function getImage(db: Db, id: string): Promise<Image | null> {
  return (await db.selectFrom("image").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/** Ids of images whose background work is unfinished, oldest first: what the worker resumes after a restart. */
export async function listProcessingImageIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("image").select("id").where("status", "=", "processing").orderBy("id").execute();
  return rows.map((r) => r.id);
}

/** Which of these ids have a row; used to find stored files that belong to no image. */
export async function listExistingImageIds(db: Db, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // Chunked so a large clean-up never exceeds the databases' limits on bound parameters.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom("image").select("id").where("id", "in", ids.slice(i, i + 500)).execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/**
 * Records a stored variant (replacing one of the same name and format). Returns false when the image row
 * is gone, deleted while its variants were being made, so the caller can remove the file it just stored.
 * Leaves `version` alone: that counts the admin's edits, and a variant landing must not make their save look stale.
 */
export async function addImageVariant(db: Db, id: string, variant: ImageVariant): Promise<boolean> {
  // SQLite runs one transaction at a time; PostgreSQL needs the row lock to keep two writers from losing one's variant.
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("image")
      .select("variants")
      .where("id", "=", id)
      .$if(postgres, (qb) => qb.forUpdate())
      .executeTakeFirst();
    if (!row) return false;
    const variants = parseVariants(row.variants).filter((v) => !(v.name === variant.name && v.format === variant.format));
    variants.push(variant);
    await trx
      .updateTable("image")
      .set({ variants: JSON.stringify(variants) })
      .where("id", "=", id)
      .execute();
    return true;
  });
}

export async function updateImageStatus(db: Db, id: string, status: ImageStatus): Promise<void> {
  await db.updateTable("image").set({ status }).where("id", "=", id).execute();
}

export async function deleteImage(db: Db, id: string): Promise<void> {
  await db.deleteFrom("image").where("id", "=", id).execute();
}
