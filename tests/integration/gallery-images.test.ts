import { v7 as uuidv7 } from "uuid";
import { beforeAll, expect, it } from "vitest";
import { createCategory } from "~/server/db/categories.server";
import { CompiledQuery, sql } from "kysely";
import {
  categoryImagesQuery,
  countCategoryImages,
  createImage,
  getImageByName,
  listCategoryImages,
  updateImageDetails,
} from "~/server/db/images.server";
import { saveImage } from "~/server/galleries/manage-galleries.server";
import pg from "pg";
import { describeEachDialect } from "../setup/databases";

await describeEachDialect("gallery images", (test) => {
  let kitchens: number;
  let bathrooms: number;
  const ids: string[] = [];
  beforeAll(async () => {
    kitchens = (await createCategory(test.db, "kitchens")).id;
    bathrooms = (await createCategory(test.db, "bathrooms")).id;
    for (let i = 0; i < 30; i++) {
      const id = uuidv7();
      ids.push(id);
      await createImage(test.db, { id, categoryId: kitchens, name: `photo-${i}`, title: `Title ${i}`, caption: "", width: 800, height: 600, placeholder: null });
    }
  });

  it("lists a category in upload order, a page at a time", async () => {
    const first = await listCategoryImages(test.db, kitchens, { limit: 12 });
    expect(first.map((i) => i.id)).toEqual(ids.slice(0, 12));
    const second = await listCategoryImages(test.db, kitchens, { after: first.at(-1)!.id, limit: 12 });
    expect(second.map((i) => i.id)).toEqual(ids.slice(12, 24));
    const last = await listCategoryImages(test.db, kitchens, { after: second.at(-1)!.id, limit: 12 });
    expect(last).toHaveLength(6);
    expect(await countCategoryImages(test.db, kitchens)).toBe(30);
    expect(await listCategoryImages(test.db, bathrooms)).toEqual([]);
  });

  it("reads a page of a gallery through the (categoryId, position, id) index, without sorting", async () => {
    const query = categoryImagesQuery(test.db, kitchens, { after: ids[5], limit: 24 }).compile();
    let plan: string;
    if (test.kind === "sqlite") {
      const result = await test.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
      plan = result.rows.map((row) => row.detail).join("\n");
      expect(plan).not.toContain("TEMP B-TREE");
    } else {
      // A table this small is cheapest to scan whole; with scans ruled out, the planner shows which index serves.
      plan = await test.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const result = await trx.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
        return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
      });
      expect(plan).not.toMatch(/\bSort\b/);
    }
    expect(plan).toContain("image_category_position");
  });

  it("saves title and caption only against the version the admin loaded", async () => {
    const image = (await getImageByName(test.db, kitchens, "photo-0"))!;
    const saved = await updateImageDetails(test.db, image.id, image.version, { title: "New title", caption: "<b>not bold</b>" });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    expect(saved.image.title).toBe("New title");
    expect(saved.image.caption).toBe("<b>not bold</b>");
    expect(saved.image.version).toBe(image.version + 1);
    // A second admin still holding the old version is told, not silently overwritten.
    expect(await updateImageDetails(test.db, image.id, image.version, { title: "Other title" })).toEqual({ ok: false, reason: "stale" });
  });

  it("renames and moves without clashing names, keeping the id (and so the files)", async () => {
    const image = (await getImageByName(test.db, kitchens, "photo-1"))!;
    expect(await updateImageDetails(test.db, image.id, image.version, { name: "photo-2" })).toEqual({ ok: false, reason: "name-taken" });
    const renamed = await updateImageDetails(test.db, image.id, image.version, { name: "worktop" });
    expect(renamed.ok && renamed.image.id).toBe(image.id);
    const moved = await updateImageDetails(test.db, image.id, image.version + 1, { categoryId: bathrooms });
    expect(moved.ok && moved.image.categoryId).toBe(bathrooms);
    expect((await listCategoryImages(test.db, bathrooms)).map((i) => i.id)).toEqual([image.id]);
    expect(await updateImageDetails(test.db, "0190f000-0000-7000-8000-000000000999", 1, { title: "x" })).toEqual({ ok: false, reason: "missing" });
  });

  it("saves a new name together with the title and caption typed with it", async () => {
    const image = (await getImageByName(test.db, kitchens, "photo-3"))!;
    const saved = await saveImage(test.db, { id: image.id, version: image.version, name: "skirting", title: "Oak skirting", caption: "Fitted in a day" });
    expect(saved.ok && [saved.value.name, saved.value.title, saved.value.caption]).toEqual(["skirting", "Oak skirting", "Fitted in a day"]);
  });

  it.skipIf(test.kind !== "postgres")("answers a rename that loses a race for the name as 'name taken', not an error", async () => {
    const a = (await getImageByName(test.db, kitchens, "photo-4"))!;
    const b = (await getImageByName(test.db, kitchens, "photo-5"))!;
    // Another admin's rename to the same name, written but not yet committed when this one checks the name.
    const other = new pg.Client({ connectionString: test.url });
    await other.connect();
    try {
      await other.query("begin");
      await other.query(`update "image" set "name" = 'contested' where "id" = $1`, [a.id]);
      const mine = updateImageDetails(test.db, b.id, b.version, { name: "contested" });
      // Let this one pass its check and wait on the unique index, then let the other commit.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query("commit");
      expect(await mine).toEqual({ ok: false, reason: "name-taken" });
    } finally {
      await other.end();
    }
  });
});
