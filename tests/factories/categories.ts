import type { Db } from "~/server/db/client.server";
import type { Category, NewCategory } from "~/server/db/schema.server";

let made = 0;

/** A category row's values: a name of its own and the time now; overrides win. */
export function createCategoryRow(overrides: Partial<NewCategory> = {}): NewCategory {
  made += 1;
  const now = new Date().toISOString();
  return { name: `Category ${made}`, createdAt: now, updatedAt: now, ...overrides };
}

/** Inserts a category row as given, past the app's own rules (createCategory in categories.server.ts checks names). */
export async function insertCategory(db: Db, overrides: Partial<NewCategory> = {}): Promise<Category> {
  return db.insertInto("category").values(createCategoryRow(overrides)).returningAll().executeTakeFirstOrThrow();
}
