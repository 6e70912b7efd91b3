import { beforeAll, expect, it } from "vitest";
import { listCategories } from "~/server/db/categories.server";
import { getCategoryCover, listCategoriesWithCovers, setCategoryCover } from "~/server/db/category-covers.server";
import type { Db } from "~/server/db/client.server";
import { createImage, listCategoryImages } from "~/server/db/images.server";
import { moveCategory, movePhoto } from "~/server/db/photo-order.server";
import { renumberedPositions } from "~/server/db/positions.server";
import { createCategory } from "~/server/db/categories.server";
import { getGalleryPage } from "~/server/images/gallery-page.server";
import { insertImage } from "../factories/images";
import { describeEachDialect } from "../setup/databases";

/** Every image row's order-related columns, to see which rows a move wrote. */
const snapshot = async (db: Db, categoryId: number) =>
  new Map(
    (await db.selectFrom("image").select(["id", "position", "version", "updatedAt"]).where("categoryId", "=", categoryId).execute()).map((row) => [
      row.id,
      JSON.stringify(row),
    ]),
  );
const names = async (db: Db, categoryId: number) => (await listCategoryImages(db, categoryId, { limit: 500 })).map((row) => row.name);

await describeEachDialect("the owner's order", (test) => {
  let big: number;
  let small: number;

  beforeAll(async () => {
    big = (await createCategory(test.db, "Extensions")).id;
    small = (await createCategory(test.db, "Porches")).id;
    // A thousand photos in upload order, as migration 0011 numbers them.
    const keys = renumberedPositions(1000);
    const now = new Date().toISOString();
    for (let i = 0; i < 1000; i += 100) {
      await test.db
        .insertInto("image")
        .values(
          keys.slice(i, i + 100).map((position, j) => ({
            id: `00000000-0000-7000-8000-${String(i + j).padStart(12, "0")}`,
            categoryId: big,
            position,
            name: `photo-${i + j}`,
            title: "",
            caption: "",
            status: "ready" as const,
            variants: "[]",
            createdAt: now,
            updatedAt: now,
          })),
        )
        .execute();
    }
    for (const name of ["a", "b", "c", "d"]) {
      await createImage(test.db, { id: crypto.randomUUID(), categoryId: small, name, title: "", caption: "", width: 10, height: 10, placeholder: null });
    }
    await test.db.updateTable("image").set({ status: "ready" }).where("categoryId", "=", small).execute();
  });

  it("puts new uploads at the end, so the default is upload order", async () => {
    expect(await names(test.db, small)).toEqual(["a", "b", "c", "d"]);
  });

  it("moves one photo of a 1,000-photo category by writing one row", async () => {
    const before = await snapshot(test.db, big);
    const last = (await test.db.selectFrom("image").select("id").where("name", "=", "photo-999").executeTakeFirstOrThrow()).id;
    const tenth = (await test.db.selectFrom("image").select("id").where("name", "=", "photo-9").executeTakeFirstOrThrow()).id;
    expect(await movePhoto(test.db, last, { after: tenth })).toBe(true);
    const after = await snapshot(test.db, big);
    const written = [...after].filter(([id, row]) => before.get(id) !== row).map(([id]) => id);
    expect(written).toEqual([last]);
    expect((await names(test.db, big)).slice(8, 12)).toEqual(["photo-8", "photo-9", "photo-999", "photo-10"]);
  });

  it("moves earlier and later by one place, first and last being no-ops, and the public gallery follows", async () => {
    const id = async (name: string) => (await test.db.selectFrom("image").select("id").where("name", "=", name).where("categoryId", "=", small).executeTakeFirstOrThrow()).id;
    expect(await movePhoto(test.db, await id("c"), { direction: "earlier" })).toBe(true);
    expect(await names(test.db, small)).toEqual(["a", "c", "b", "d"]);
    expect(await movePhoto(test.db, await id("a"), { direction: "later" })).toBe(true);
    expect(await names(test.db, small)).toEqual(["c", "a", "b", "d"]);
    expect(await movePhoto(test.db, await id("c"), { direction: "earlier" })).toBe(false);
    expect(await movePhoto(test.db, await id("d"), { direction: "later" })).toBe(false);
    expect(await movePhoto(test.db, await id("d"), { after: null })).toBe(true);
    expect(await names(test.db, small)).toEqual(["d", "c", "a", "b"]);
    const page = await getGalleryPage(test.db, small);
    expect(page.items.map((item) => item.id)).toEqual([await id("d"), await id("c"), await id("a"), await id("b")]);
  });

  it("pages through the owner's order with ?after=", async () => {
    const all = await names(test.db, big);
    const firstPage = await listCategoryImages(test.db, big, { limit: 24 });
    const second = await listCategoryImages(test.db, big, { after: firstPage.at(-1)!.id, limit: 24 });
    expect([...firstPage, ...second].map((row) => row.name)).toEqual(all.slice(0, 48));
  });

  it("still moves photos that share a key (two uploads at the same moment), renumbering once", async () => {
    const tied = (await createCategory(test.db, "Tied")).id;
    const rows = [];
    for (const name of ["x", "y", "z"]) rows.push(await insertImage(test.db, { categoryId: tied, name, position: "a00001" }));
    expect(await movePhoto(test.db, rows[2]!.id, { after: rows[0]!.id })).toBe(true);
    expect(await names(test.db, tied)).toEqual(["x", "z", "y"]);
  });

  it("orders categories the same way, which the Galleries menu follows", async () => {
    const before = (await listCategories(test.db)).map((c) => c.name);
    expect(before.slice(0, 2)).toEqual(["Extensions", "Porches"]);
    expect(await moveCategory(test.db, small, { direction: "earlier" })).toBe(true);
    expect((await listCategories(test.db)).map((c) => c.name).slice(0, 2)).toEqual(["Porches", "Extensions"]);
    expect(await moveCategory(test.db, small, { after: big })).toBe(true);
    expect((await listCategories(test.db)).map((c) => c.name).slice(0, 2)).toEqual(["Extensions", "Porches"]);
  });

  it("uses the first photo as cover until one is chosen, and only a photo of the category", async () => {
    const category = async () => (await test.db.selectFrom("category").selectAll().where("id", "=", small).executeTakeFirstOrThrow());
    const first = (await listCategoryImages(test.db, small, { limit: 1 }))[0]!;
    expect((await getCategoryCover(test.db, await category()))?.id).toBe(first.id);
    const third = (await listCategoryImages(test.db, small))[2]!;
    expect(await setCategoryCover(test.db, small, third.id)).toBe(true);
    expect((await getCategoryCover(test.db, await category()))?.id).toBe(third.id);
    const elsewhere = (await listCategoryImages(test.db, big, { limit: 1 }))[0]!;
    expect(await setCategoryCover(test.db, small, elsewhere.id)).toBe(false);
    const tiles = await listCategoriesWithCovers(test.db);
    expect(tiles.find((tile) => tile.id === small)?.cover?.id).toBe(third.id);
    // A cover moved to another category stops being this one's: the first photo stands in again.
    await test.db.updateTable("image").set({ categoryId: big }).where("id", "=", third.id).execute();
    expect((await getCategoryCover(test.db, await category()))?.id).toBe(first.id);
    expect((await listCategoriesWithCovers(test.db)).find((tile) => tile.id === small)?.cover?.id).toBe(first.id);
    // Every category comes once, in the owner's order, with or without a photo.
    expect((await listCategoriesWithCovers(test.db)).map((tile) => tile.name)).toEqual((await listCategories(test.db)).map((c) => c.name));
  });
});

