import { expect, it } from "vitest";
import {
  CategoryExistsError,
  createCategory,
  deleteCategoryRow,
  getCategory,
  listCategories,
  renameCategory,
} from "~/server/db/categories.server";
import { insertImage } from "../factories/images";
import { describeEachDialect } from "../setup/databases";

await describeEachDialect("categories", (test) => {

  it("creates with a real id at once and lists in the owner's order, new ones last", async () => {
    const kitchens = await createCategory(test.db, "kitchens");
    expect(kitchens.id).toBeGreaterThan(0);
    await createCategory(test.db, "Bathrooms");
    await createCategory(test.db, "ceilings");
    expect((await listCategories(test.db)).map((c) => c.name)).toEqual(["kitchens", "Bathrooms", "ceilings"]);
  });

  it("refuses a duplicate name, whatever its case", async () => {
    await expect(createCategory(test.db, "KITCHENS")).rejects.toBeInstanceOf(CategoryExistsError);
  });

  it("refuses concurrent creations of the same name but one", async () => {
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => createCategory(test.db, "Extensions")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").every((r) => (r as PromiseRejectedResult).reason instanceof CategoryExistsError)).toBe(true);
  });

  it("renames, refusing a name another category has", async () => {
    const ceilings = (await listCategories(test.db)).find((c) => c.name === "ceilings")!;
    const renamed = await renameCategory(test.db, ceilings.id, "Ceilings and coving");
    expect(renamed?.name).toBe("Ceilings and coving");
    await expect(renameCategory(test.db, ceilings.id, "bathrooms")).rejects.toBeInstanceOf(CategoryExistsError);
    // Changing only the case of its own name is fine.
    expect((await renameCategory(test.db, ceilings.id, "ceilings and coving"))?.name).toBe("ceilings and coving");
    expect(await renameCategory(test.db, 999_999, "ghost")).toBeNull();
  });

  it("deleting a category deletes its images and reports their ids", async () => {
    const category = await createCategory(test.db, "To delete");
    for (const id of ["0190f000-0000-7000-8000-00000000000a", "0190f000-0000-7000-8000-00000000000b"]) {
      await insertImage(test.db, { id, categoryId: category.id, name: id.slice(-1), width: 10, height: 10 });
    }
    expect((await deleteCategoryRow(test.db, category.id))?.toSorted()).toEqual([
      "0190f000-0000-7000-8000-00000000000a",
      "0190f000-0000-7000-8000-00000000000b",
    ]);
    expect(await getCategory(test.db, category.id)).toBeNull();
    expect(await test.db.selectFrom("image").select("id").where("categoryId", "=", category.id).execute()).toEqual([]);
    expect(await deleteCategoryRow(test.db, category.id)).toBeNull();
  });
});
