import type { Db } from "./client.server";
import type { Category } from "./schema.server";

/** Every category, alphabetically, for the navigation and the gallery pages. */
export async function listCategories(db: Db): Promise<Pick<Category, "id" | "name">[]> {
  return db.selectFrom("category").select(["id", "name"]).orderBy("name").execute();
}

export async function getCategory(db: Db, id: number): Promise<Category | null> {
  return (await db.selectFrom("category").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}
