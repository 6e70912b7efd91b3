import { noteContentChanged } from "../pages/page-freshness.server";
import type { Db } from "./client.server";
import { positionBetween, renumberedPositions } from "./positions.server";

/**
 * The owner's order of photos within a category and of the categories themselves. A move computes a key between
 * the new neighbours (db/positions.server.ts) and writes the moved row alone; only when two neighbours share a key
 * (two uploads at the same moment) is the list renumbered, once.
 */

type Placed = { id: string | number; position: string };

/** Where to put an item: one place earlier or later, or straight after another item (null: first). */
export type Placement = { direction: "earlier" | "later" } | { after: string | number | null };

/** The key for `item` at `placement` in `list` (the whole list in order, item included), or null: no move / no room. */
function planMove<T extends Placed>(list: T[], item: T, placement: Placement): { key: string | null; order: T[] } | null {
  const others = list.filter((other) => other.id !== item.id);
  const index = list.findIndex((other) => other.id === item.id);
  let at: number;
  if ("direction" in placement) {
    at = placement.direction === "earlier" ? index - 1 : index + 1;
    if (at < 0 || at > others.length) return null;
  } else if (placement.after === null) {
    at = 0;
  } else {
    const after = others.findIndex((other) => other.id === placement.after);
    if (after < 0) return null;
    at = after + 1;
  }
  if (at === index) return null;
  const order = [...others.slice(0, at), item, ...others.slice(at)];
  return { key: positionBetween(others[at - 1]?.position, others[at]?.position), order };
}

/**
 * Moves a photo within its category. Returns false when the photo is gone or the move changes nothing. The
 * neighbours are read with the photo's category in one query; for a category of thousands that is one index range
 * read of small rows, and one row is written.
 */
export async function movePhoto(db: Db, imageId: string, placement: Placement): Promise<boolean> {
  const moved = await db.transaction().execute(async (trx) => {
    const image = await trx.selectFrom("image").select(["id", "categoryId", "position"]).where("id", "=", imageId).executeTakeFirst();
    if (!image) return false;
    const list = await trx
      .selectFrom("image")
      .select(["id", "position"])
      .where("categoryId", "=", image.categoryId)
      .orderBy("position")
      .orderBy("id")
      .execute();
    const plan = planMove(list, { id: image.id, position: image.position }, placement);
    if (!plan) return false;
    if (plan.key !== null) {
      await trx.updateTable("image").set({ position: plan.key }).where("id", "=", image.id).execute();
      return true;
    }
    const keys = renumberedPositions(plan.order.length);
    for (const [i, row] of plan.order.entries()) {
      await trx.updateTable("image").set({ position: keys[i] as string }).where("id", "=", row.id as string).execute();
    }
    return true;
  });
  if (moved) await noteContentChanged(db);
  return moved;
}

/** Moves a category in the owner's order of categories (the Galleries menu follows). */
export async function moveCategory(db: Db, categoryId: number, placement: Placement): Promise<boolean> {
  const moved = await db.transaction().execute(async (trx) => {
    const list = await trx.selectFrom("category").select(["id", "position"]).orderBy("position").orderBy("id").execute();
    const category = list.find((c) => c.id === categoryId);
    if (!category) return false;
    const plan = planMove(list, category, placement);
    if (!plan) return false;
    if (plan.key !== null) {
      await trx.updateTable("category").set({ position: plan.key }).where("id", "=", categoryId).execute();
      return true;
    }
    const keys = renumberedPositions(plan.order.length);
    for (const [i, row] of plan.order.entries()) {
      await trx.updateTable("category").set({ position: keys[i] as string }).where("id", "=", row.id as number).execute();
    }
    return true;
  });
  if (moved) await noteContentChanged(db);
  return moved;
}
