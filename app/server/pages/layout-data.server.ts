import { sql } from "kysely";
import type { RouterContextProvider } from "react-router";
import type { Db } from "../db/client.server";
import { PROJECT_KIND } from "~/lib/projects/project";
import { hasPublished } from "../content/document-store.server";
import { listCategories } from "../db/categories.server";
import type { Category } from "../db/schema.server";
import { visitStateContext } from "../http/request-context.server";
import { decideVisit } from "../visits/visit-policy.server";
import { countVisit, visitorTotal } from "../visits/visit-counter.server";

export type LayoutData = { categories: Pick<Category, "id" | "name">[]; visitorNumber: number; hasProjects: boolean };

/**
 * What every page's header and footer show: the gallery categories, whether /projects has a published project to
 * link to, and the visitor number, all read in one query. A browser's first view counts itself (in memory:
 * visit-counter.server.ts) and shows its own number rather than the database's. A render the page handler will send to first visitors itself (each spliced with their own number,
 * page-handler.server.ts) counts nobody.
 */
export async function getLayoutData(db: Db, request: Request, context: Readonly<RouterContextProvider>): Promise<LayoutData> {
  const state = context.get(visitStateContext);
  const counted = !state.countLater && decideVisit(request) === "count";
  const rows = await db
    .selectFrom("visitCounter as v")
    .leftJoin("category as c", (join) => join.on(sql<boolean>`1 = 1`))
    .select(["v.count", "c.id", "c.name"])
    .select((eb) =>
      eb
        .exists(eb.selectFrom("contentDocument").select("key").where("kind", "=", PROJECT_KIND).where("published", "is not", null))
        .as("hasProjects"),
    )
    .where("v.id", "=", 1)
    // The owner's order, as listCategories gives it (the Galleries menu follows it).
    .orderBy("c.position")
    .orderBy("c.id")
    .execute();
  const categories = rows.flatMap((row) => (row.id === null || row.name === null ? [] : [{ id: row.id, name: row.name }]));
  // PostgreSQL answers EXISTS with a boolean, SQLite with 0 or 1.
  const hasProjects = rows.length > 0 ? Boolean(Number(rows[0]!.hasProjects)) : await hasPublished(db, PROJECT_KIND);
  if (counted) {
    const visitorNumber = countVisit();
    state.counted = true;
    state.shownNumber = visitorNumber;
    return { categories: rows.length > 0 ? categories : await listCategories(db), visitorNumber, hasProjects };
  }
  // The counter row is made by the first migration; should it be gone, the categories are still shown.
  if (rows.length === 0) return { categories: await listCategories(db), visitorNumber: 0, hasProjects };
  // The database's count, or this process's when it knows of visits not written yet (never one counted twice).
  state.shownNumber = Math.max(Number(rows[0]!.count), visitorTotal());
  return { categories, visitorNumber: state.shownNumber, hasProjects };
}
