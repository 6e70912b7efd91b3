import { beforeAll, expect, it } from "vitest";
import type { Image } from "~/server/db/schema.server";
import { listFirstImagesByCategoryName, listRecentImages } from "~/server/db/public-images.server";
import { describeEachDialect } from "../setup/databases";

const NOW = "2026-11-21T10:00:00.000Z";

// As the image pipeline records them: every planned width of a 1280 px photo, in three formats.
function variants(_id: string) {
  return JSON.stringify(
    ["avif", "webp", "jpeg"].flatMap((format) =>
      [
        { name: "w320", width: 320 },
        { name: "w640", width: 640 },
        { name: "w1280", width: 1280 },
      ].map((v) => ({ ...v, format, height: (v.width * 3) / 4, size: 1000, hash: `${format}${v.width}hash` })),
    ),
  );
}

function image(id: string, categoryId: number, overrides: Partial<Image> = {}): Omit<Image, "version" | "leaseOwner" | "leaseUntil" | "attempts"> {
  return {
    id,
    categoryId,
    name: id,
    title: `Title ${id}`,
    caption: `Caption ${id}`,
    width: 1280,
    height: 960,
    placeholder: null,
    status: "ready",
    variants: variants(id),
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

await describeEachDialect("public photo queries", (test) => {
  let plastering: number;
  let tiling: number;

  beforeAll(async () => {
    const insert = (name: string) =>
      test.db.insertInto("category").values({ name, createdAt: NOW, updatedAt: NOW }).returning("id").executeTakeFirstOrThrow();
    plastering = (await insert("Plastering")).id;
    tiling = (await insert("tiling")).id;
    await test.db
      .insertInto("image")
      .values([
        image("0190a000-0000-7000-8000-000000000001", plastering),
        image("0190a000-0000-7000-8000-000000000002", plastering, { status: "processing" }),
        image("0190a000-0000-7000-8000-000000000003", plastering),
        image("0190a000-0000-7000-8000-000000000004", tiling),
        image("0190a000-0000-7000-8000-000000000005", plastering),
        image("0190a000-0000-7000-8000-000000000006", tiling, { status: "failed" }),
      ])
      .execute();
  });

  it("lists the newest ready photos first", async () => {
    const photos = await listRecentImages(test.db, 3);
    expect(photos.map((p) => p.id.slice(-1))).toEqual(["5", "4", "3"]);
    expect(photos[1]!.categoryId).toBe(tiling);
  });

  it("gives the first ready photos of each named category, whatever the case of the name", async () => {
    const byName = await listFirstImagesByCategoryName(test.db, ["plastering", "Tiling", "welding"], 2);
    expect(byName.get("plastering")?.map((p) => p.id.slice(-1))).toEqual(["1", "3"]);
    expect(byName.get("Tiling")?.map((p) => p.id.slice(-1))).toEqual(["4"]);
    expect(byName.has("welding")).toBe(false);
  });
});
