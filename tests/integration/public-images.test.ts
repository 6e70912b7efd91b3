import { beforeAll, expect, it } from "vitest";
import { listFirstImagesByCategoryName } from "~/server/db/public-images.server";
import { insertCategory } from "../factories/categories";
import { insertImage } from "../factories/images";
import { describeEachDialect } from "../setup/databases";

await describeEachDialect("public photo queries", (test) => {
  let plastering: number;
  let tiling: number;

  beforeAll(async () => {
    plastering = (await insertCategory(test.db, { name: "Plastering" })).id;
    tiling = (await insertCategory(test.db, { name: "tiling" })).id;
    const photos = [
      { categoryId: plastering },
      { categoryId: plastering, status: "processing" as const },
      { categoryId: plastering },
      { categoryId: tiling },
      { categoryId: plastering },
      { categoryId: tiling, status: "failed" as const },
    ];
    for (const [index, photo] of photos.entries()) await insertImage(test.db, { id: `0190a000-0000-7000-8000-00000000000${index + 1}`, ...photo });
  });

  it("gives the first ready photos of each named category, whatever the case of the name", async () => {
    const byName = await listFirstImagesByCategoryName(test.db, ["plastering", "Tiling", "welding"], 2);
    expect(byName.get("plastering")?.map((p) => p.id.slice(-1))).toEqual(["1", "3"]);
    expect(byName.get("Tiling")?.map((p) => p.id.slice(-1))).toEqual(["4"]);
    expect(byName.has("welding")).toBe(false);
  });
});
