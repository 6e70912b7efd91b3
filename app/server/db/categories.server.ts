import { sql } from "kysely";
import { noteContentChanged } from "../pages/page-freshness.server";
import type { Db } from "./client.server";
import { positionAfter } from "./positions.server";
import type { Category } from "./schema.server";

/** Every category in the owner's order (new ones last), for the navigation, the gallery pages and Manage Galleries. */
export async function listCategories(db: Db): Promise<Pick<Category, "id" | "name">[]> {
  return db.selectFrom("category").select(["id", "name"]).orderBy("position").orderBy("id").execute();
}

export async function getCategory(db: Db, id: number): Promise<Category | null> {
  return (await db.selectFrom("category").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

export async function getCategoryByName(db: Db, name: string): Promise<Category | null> {
  return (
    (await db
      .selectFrom("category")
      .selectAll()
      .where(sql`lower("name")`, "=", name.toLowerCase())
      .executeTakeFirst()) ?? null
  );
}

export class CategoryExistsError extends Error {
  constructor(name: string) {
    super(`A category called "${name}" already exists`);
  }
}

/** Creates a category with its real id straight away (no interim id 0, deviations item 5). */
export async function createCategory(db: Db, name: string, now = new Date()): Promise<Category> {
  if (await getCategoryByName(db, name)) throw new CategoryExistsError(name);
  const stamp = now.toISOString();
  const last = await db.selectFrom("category").select("position").orderBy("position", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
  try {
    const category = await db
      .insertInto("category")
      .values({ name, position: positionAfter(last?.position), createdAt: stamp, updatedAt: stamp })
      .returningAll()
      .executeTakeFirstOrThrow();
    await noteContentChanged(db);
    return category;
  } catch (error) {
    // The unique index on lower(name) settles a race between two admins.
    if (await getCategoryByName(db, name)) throw new CategoryExistsError(name);
    throw error;
  }
}

/** Renames; null when the category no longer exists. */
export async function renameCategory(db: Db, id: number, name: string, now = new Date()): Promise<Category | null> {
  const clash = await getCategoryByName(db, name);
  if (clash && clash.id !== id) throw new CategoryExistsError(name);
  try {
    const category = await db
      .updateTable("category")
      .set({ name, updatedAt: now.toISOString() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (category) await noteContentChanged(db);
    return category ?? null;
  } catch (error) {
    if (await getCategoryByName(db, name)) throw new CategoryExistsError(name);
    throw error;
  }
}

/** Deletes the row; the images go with it through the foreign key. Returns the ids of those images. */
export async function deleteCategoryRow(db: Db, id: number): Promise<string[] | null> {
  const deleted = await db.transaction().execute(async (trx) => {
    const images = await trx.selectFrom("image").select("id").where("categoryId", "=", id).execute();
    const result = await trx.deleteFrom("category").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0 ? images.map((i) => i.id) : null;
  });
  if (deleted) await noteContentChanged(db);
  return deleted;
}
