import { noteContentChanged } from "../pages/page-freshness.server";
import type { Db } from "./client.server";
import { getLastImagePosition } from "./images.server";
import { positionAfter } from "./positions.server";

export type BatchMoveResult =
  | { ok: true; moved: number }
  | { ok: false; reason: "missing-category" }
  | { ok: false; reason: "name-taken"; names: string[] };

/**
 * Moves many photos to another category in one transaction: all or none. They go to the end of that category in
 * the order they had, each keeping its name (so a name already used there refuses the whole move, naming the
 * clashes). Their files stay where they are (stored under the image id). The page cache is told once.
 */
export async function moveImagesToCategory(db: Db, ids: string[], categoryId: number): Promise<BatchMoveResult> {
  const result = await db.transaction().execute(async (trx): Promise<BatchMoveResult> => {
    const target = await trx.selectFrom("category").select("id").where("id", "=", categoryId).executeTakeFirst();
    if (!target) return { ok: false, reason: "missing-category" };
    const images = await trx
      .selectFrom("image")
      .select(["id", "name"])
      .where("id", "in", ids)
      .where("categoryId", "!=", categoryId)
      .orderBy("categoryId")
      .orderBy("position")
      .orderBy("id")
      .execute();
    if (images.length === 0) return { ok: true, moved: 0 };
    const names = images.map((image) => image.name);
    const clashes = await trx.selectFrom("image").select("name").where("categoryId", "=", categoryId).where("name", "in", names).execute();
    const repeated = names.filter((name, i) => names.indexOf(name) !== i);
    if (clashes.length > 0 || repeated.length > 0) {
      return { ok: false, reason: "name-taken", names: [...new Set([...clashes.map((c) => c.name), ...repeated])] };
    }
    let key = await getLastImagePosition(trx, categoryId);
    const now = new Date().toISOString();
    for (const image of images) {
      key = positionAfter(key);
      await trx
        .updateTable("image")
        .set((eb) => ({ categoryId, position: key as string, version: eb("version", "+", 1), updatedAt: now }))
        .where("id", "=", image.id)
        .execute();
    }
    return { ok: true, moved: images.length };
  });
  if (result.ok && result.moved > 0) await noteContentChanged(db);
  return result;
}

/** Deletes many photos' rows in one transaction; returns the ids that were there. Their files go afterwards. */
export async function deleteImageRows(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const deleted = await db.transaction().execute(async (trx) => {
    const rows = await trx.deleteFrom("image").where("id", "in", ids).returning("id").execute();
    return rows.map((row) => row.id);
  });
  if (deleted.length > 0) await noteContentChanged(db);
  return deleted;
}
