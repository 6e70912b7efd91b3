import { PostgresAdapter } from "kysely";
import { type ImageVariant, parseVariants } from "~/lib/image-variants";
import { noteContentChanged } from "../pages/page-freshness.server";
import type { Db } from "./client.server";
import { isUniqueViolation } from "./errors.server";
import { positionAfter } from "./positions.server";
import type { Image, ImageStatus } from "./schema.server";

export type NewImageRow = Pick<Image, "id" | "categoryId" | "name" | "title" | "caption" | "width" | "height" | "placeholder"> &
  Partial<Pick<Image, "leaseOwner" | "leaseUntil">>;

/**
 * A new image whose variants are still to be made: its master is already stored, its variants are stored after
 * this row exists. The instance making its first variants passes itself as leaseOwner, so no other instance starts
 * on it meanwhile.
 */
export async function createImage(db: Db, values: NewImageRow, now = new Date()): Promise<Image> {
  const stamp = now.toISOString();
  // At the end of the owner's order. Two uploads landing at the same moment may share a key: the id orders them.
  const position = positionAfter(await getLastImagePosition(db, values.categoryId));
  const image = await db
    .insertInto("image")
    .values({ ...values, position, status: "processing", variants: "[]", createdAt: stamp, updatedAt: stamp })
    .returningAll()
    .executeTakeFirstOrThrow();
  // The gallery page lists an image while its sizes are made (with the spec's fallback), so this changes it.
  await noteContentChanged(db);
  return image;
}

export async function getImage(db: Db, id: string): Promise<Image | null> {
  return (await db.selectFrom("image").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/** Ids of images whose background work is unfinished, oldest first: what the worker resumes after a restart. */
export async function listProcessingImageIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("image").select("id").where("status", "=", "processing").orderBy("id").execute();
  return rows.map((r) => r.id);
}

/** The status of each of these ids that has a row; used to find stored files that belong to no image, or no longer needed. */
export async function listImageStatuses(db: Db, ids: string[]): Promise<Map<string, ImageStatus>> {
  const found = new Map<string, ImageStatus>();
  // Chunked so a large clean-up never exceeds the databases' limits on bound parameters.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom("image").select(["id", "status"]).where("id", "in", ids.slice(i, i + 500)).execute();
    for (const row of rows) found.set(row.id, row.status);
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
  const added = await db.transaction().execute(async (trx) => {
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
  if (added) await noteContentChanged(db);
  return added;
}

export async function updateImageStatus(db: Db, id: string, status: ImageStatus): Promise<void> {
  await db.updateTable("image").set({ status }).where("id", "=", id).execute();
  await noteContentChanged(db);
}

export async function deleteImage(db: Db, id: string): Promise<void> {
  await db.deleteFrom("image").where("id", "=", id).execute();
  await noteContentChanged(db);
}

/** The key of the last image in the category's order, null when it has none. */
export async function getLastImagePosition(db: Db, categoryId: number): Promise<string | null> {
  const row = await db
    .selectFrom("image")
    .select("position")
    .where("categoryId", "=", categoryId)
    .orderBy("position", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.position ?? null;
}

export type GalleryImage = Pick<
  Image,
  "id" | "name" | "title" | "caption" | "width" | "height" | "placeholder" | "variants" | "status" | "version" | "position"
>;

/**
 * A page of a category's images in the owner's order (new uploads last; ties, from uploads at the same moment, in
 * upload order), starting after the given image. Images with no stored variant yet are included; the page shows
 * the spec's fallback for them. Shared by the public gallery, Manage Galleries and any other photo list.
 */
export async function listCategoryImages(
  db: Db,
  categoryId: number,
  options: { after?: string; limit?: number } = {},
): Promise<GalleryImage[]> {
  return categoryImagesQuery(db, categoryId, options).execute();
}

/**
 * The query behind listCategoryImages; a range read of the (categoryId, position, id) index (migration 0011).
 * `after` is an image id: the page starts after that image's place (nothing, when it is no longer in the category).
 */
export function categoryImagesQuery(db: Db, categoryId: number, options: { after?: string; limit?: number } = {}) {
  return db
    .selectFrom("image")
    .select(["id", "name", "title", "caption", "width", "height", "placeholder", "variants", "status", "version", "position"])
    .where("categoryId", "=", categoryId)
    .$if(options.after !== undefined, (qb) =>
      qb.where(({ eb, refTuple, selectFrom }) =>
        eb(
          refTuple("position", "id"),
          ">",
          selectFrom("image as cursor")
            .select(["cursor.position", "cursor.id"])
            .where("cursor.id", "=", options.after as string)
            .where("cursor.categoryId", "=", categoryId)
            .$asTuple("position", "id"),
        ),
      ),
    )
    .orderBy("position")
    .orderBy("id")
    .limit(Math.min(Math.max(options.limit ?? 24, 1), 500));
}

export async function countCategoryImages(db: Db, categoryId: number): Promise<number> {
  const row = await db
    .selectFrom("image")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("categoryId", "=", categoryId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function getImageByName(db: Db, categoryId: number, name: string): Promise<Image | null> {
  return (
    (await db.selectFrom("image").selectAll().where("categoryId", "=", categoryId).where("name", "=", name).executeTakeFirst()) ?? null
  );
}

export type ImageEdit = { name?: string; title?: string; caption?: string; categoryId?: number };

export type ImageEditResult = { ok: true; image: Image } | { ok: false; reason: "missing" | "stale" | "name-taken" };

/**
 * Saves an admin's edit only if nobody changed the image since they loaded it (their `version`), so two
 * admins editing at once cannot overwrite each other silently. Renaming or moving keeps the files: they
 * are stored under the image id, never under its name.
 */
export async function updateImageDetails(db: Db, id: string, version: number, edit: ImageEdit, now = new Date()): Promise<ImageEditResult> {
  try {
    const result = await saveImageDetails(db, id, version, edit, now);
    if (result.ok) await noteContentChanged(db);
    return result;
  } catch (error) {
    // The name was free when checked, but another admin took it before this write landed.
    if (isUniqueViolation(error)) return { ok: false, reason: "name-taken" };
    throw error;
  }
}

function saveImageDetails(db: Db, id: string, version: number, edit: ImageEdit, now: Date): Promise<ImageEditResult> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("image").selectAll().where("id", "=", id).executeTakeFirst();
    if (!current) return { ok: false, reason: "missing" };
    if (current.version !== version) return { ok: false, reason: "stale" };
    const categoryId = edit.categoryId ?? current.categoryId;
    const name = edit.name ?? current.name;
    if (name !== current.name || categoryId !== current.categoryId) {
      const clash = await trx
        .selectFrom("image")
        .select("id")
        .where("categoryId", "=", categoryId)
        .where("name", "=", name)
        .where("id", "!=", id)
        .executeTakeFirst();
      if (clash) return { ok: false, reason: "name-taken" };
    }
    const result = await trx
      .updateTable("image")
      .set({
        name,
        categoryId,
        title: edit.title ?? current.title,
        caption: edit.caption ?? current.caption,
        version: version + 1,
        updatedAt: now.toISOString(),
      })
      .where("id", "=", id)
      .where("version", "=", version)
      .returningAll()
      .executeTakeFirst();
    return result ? { ok: true, image: result } : { ok: false, reason: "stale" };
  });
}
