import { sql } from "kysely";
import type { RouterContextProvider } from "react-router";
import type { Db } from "../db/client.server";
import { listCategories } from "../db/categories.server";
import type { Category } from "../db/schema.server";
import { visitStateContext } from "../http/request-context.server";
import { decideVisit } from "../visits/visit-policy.server";
import { countVisit, visitorTotal } from "../visits/visit-counter.server";

export type LayoutData = { categories: Pick<Category, "id" | "name">[]; visitorNumber: number };

/**
 * What every page's header and footer show: the gallery categories and the visitor number. A repeat view reads
 * both in one query; a browser's first view counts itself (in memory: visit-counter.server.ts) and reads the
 * categories. A render the page handler will send to first visitors itself (each spliced with their own number,
 * page-handler.server.ts) counts nobody.
 */
export async function getLayoutData(db: Db, request: Request, context: Readonly<RouterContextProvider>): Promise<LayoutData> {
  const state = context.get(visitStateContext);
  if (!state.countLater && decideVisit(request) === "count") {
    const visitorNumber = countVisit();
    state.counted = true;
    state.shownNumber = visitorNumber;
    return { categories: await listCategories(db), visitorNumber };
  }
  const rows = await db
    .selectFrom("visitCounter as v")
    .leftJoin("category as c", (join) => join.on(sql<boolean>`1 = 1`))
    .select(["v.count", "c.id", "c.name"])
    .where("v.id", "=", 1)
    .orderBy(sql`lower("c"."name")`)
    .execute();
  // The counter row is made by the first migration; should it be gone, the categories are still shown.
  if (rows.length === 0) return { categories: await listCategories(db), visitorNumber: 0 };
  // The database's count, or this process's when it knows of visits not written yet (never one counted twice).
  state.shownNumber = Math.max(Number(rows[0]!.count), visitorTotal());
  return {
    categories: rows.flatMap((row) => (row.id === null || row.name === null ? [] : [{ id: row.id, name: row.name }])),
    visitorNumber: state.shownNumber,
  };
}
