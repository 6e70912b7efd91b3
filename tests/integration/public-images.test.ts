import { rgbaToThumbHash } from "thumbhash";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/server/db/schema.server";
import { listFirstPhotosByCategoryName, listRecentPhotos, toGalleryPhoto } from "~/server/db/public-images.server";
import { createTestDatabase, type TestDatabase, testDialects } from "../setup/databases";

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

describe("toGalleryPhoto", () => {
  it("offers AVIF and WebP sources and a JPEG fallback, narrowest first", () => {
    const photo = toGalleryPhoto(image("0001", 1));
    expect(photo).toMatchObject({
      alt: "Title 0001",
      width: 1280,
      height: 960,
      src: "/media/0001/w640.jpg?v=jpeg640hash",
      srcSet: "/media/0001/w320.jpg?v=jpeg320hash 320w, /media/0001/w640.jpg?v=jpeg640hash 640w, /media/0001/w1280.jpg?v=jpeg1280hash 1280w",
      sources: [
        {
          type: "image/avif",
          srcSet: "/media/0001/w320.avif?v=avif320hash 320w, /media/0001/w640.avif?v=avif640hash 640w, /media/0001/w1280.avif?v=avif1280hash 1280w",
        },
        {
          type: "image/webp",
          srcSet: "/media/0001/w320.webp?v=webp320hash 320w, /media/0001/w640.webp?v=webp640hash 640w, /media/0001/w1280.webp?v=webp1280hash 1280w",
        },
      ],
    });
  });

  it("falls back to the caption for the alt text and turns the thumbhash into an average colour", () => {
    const red = new Uint8Array(16 * 16 * 4).map((_, i) => (i % 4 === 0 || i % 4 === 3 ? 255 : 0));
    const placeholder = Buffer.from(rgbaToThumbHash(16, 16, red)).toString("base64");
    const photo = toGalleryPhoto(image("0002", 1, { title: "", placeholder }));
    expect(photo?.alt).toBe("Caption 0002");
    expect(photo?.placeholderColor).toMatch(/^rgb\(2[0-5]\d \d{1,2} \d{1,2}\)$/);
  });

  it("skips images whose variants cannot be read", () => {
    expect(toGalleryPhoto(image("0003", 1, { variants: "not json" }))).toBeNull();
    expect(toGalleryPhoto(image("0004", 1, { variants: "[]" }))).toBeNull();
    expect(toGalleryPhoto(image("0005", 1, { variants: '[{"format":"tiff","width":10,"key":"x"}]' }))).toBeNull();
    expect(toGalleryPhoto(image("0006", 1, { variants: "[]" }))).toBeNull();
  });
});

for (const dialect of await testDialects()) {
  describe.skipIf(dialect.skip)(`public photo queries ${dialect.label}`, () => {
    let test: TestDatabase;
    let plastering: number;
    let tiling: number;

    beforeAll(async () => {
      test = await createTestDatabase(dialect.kind);
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
    afterAll(async () => test?.destroy());

    it("lists the newest ready photos first", async () => {
      const photos = await listRecentPhotos(test.db, 3);
      expect(photos.map((p) => p.id.slice(-1))).toEqual(["5", "4", "3"]);
      expect(photos[1]!.categoryId).toBe(tiling);
    });

    it("gives the first ready photos of each named category, whatever the case of the name", async () => {
      const byName = await listFirstPhotosByCategoryName(test.db, ["plastering", "Tiling", "welding"], 2);
      expect(byName.get("plastering")?.map((p) => p.id.slice(-1))).toEqual(["1", "3"]);
      expect(byName.get("Tiling")?.map((p) => p.id.slice(-1))).toEqual(["4"]);
      expect(byName.has("welding")).toBe(false);
    });
  });
}
