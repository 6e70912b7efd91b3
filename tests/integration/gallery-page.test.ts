import { v7 as uuidv7 } from "uuid";
import { beforeAll, expect, it } from "vitest";
import { GALLERY_PAGE_SIZE } from "~/lib/gallery";
import type { ImageVariant } from "~/lib/image-variants";
import { createCategory } from "~/server/db/categories.server";
import { addImageVariant, createImage, listCategoryImages } from "~/server/db/images.server";
import { getGalleryCategory, getGalleryPage, getShareImage } from "~/server/images/gallery-page.server";
import { describeEachDialect } from "../setup/databases";

const variant = (name: ImageVariant["name"], format: ImageVariant["format"], width: number): ImageVariant => ({
  name,
  format,
  width,
  height: (width * 3) / 4,
  size: 1000,
  hash: `${name}${format}hash`,
});

await describeEachDialect("gallery pages", (test) => {
  let full: number;
  let exact: number;
  const ids: string[] = [];
  beforeAll(async () => {
    full = (await createCategory(test.db, "plastering")).id;
    exact = (await createCategory(test.db, "tiling")).id;
    for (let i = 0; i < GALLERY_PAGE_SIZE * 2 + 3; i++) {
      const id = uuidv7();
      ids.push(id);
      await createImage(test.db, { id, categoryId: full, name: `wall-${i}`, title: `Wall ${i}`, caption: `<i>${i}</i>`, width: 1600, height: 1200, placeholder: "1QcSHQRnh493V4dIh4eXh1h4kJUI" });
    }
    // The first photo has the variants a link preview may use; the rest have none stored yet.
    for (const v of [variant("w640", "webp", 640), variant("w1280", "avif", 1280), variant("w1280", "webp", 1280), variant("w1280", "jpeg", 1280), variant("w2048", "jpeg", 1600)]) {
      await addImageVariant(test.db, ids[0]!, v);
    }
    for (let i = 0; i < GALLERY_PAGE_SIZE; i++) {
      await createImage(test.db, { id: uuidv7(), categoryId: exact, name: `tile-${i}`, title: "", caption: "", width: 800, height: 600, placeholder: null });
    }
  });

  it("pages through a gallery in upload order, saying where the next page starts", async () => {
    const first = await getGalleryPage(test.db, full);
    expect(first.items.map((i) => i.id)).toEqual(ids.slice(0, GALLERY_PAGE_SIZE));
    expect(first.nextAfter).toBe(ids[GALLERY_PAGE_SIZE - 1]);
    const second = await getGalleryPage(test.db, full, first.nextAfter!);
    expect(second.items.map((i) => i.id)).toEqual(ids.slice(GALLERY_PAGE_SIZE, GALLERY_PAGE_SIZE * 2));
    const last = await getGalleryPage(test.db, full, second.nextAfter!);
    expect(last.items.map((i) => i.title)).toEqual([0, 1, 2].map((n) => `Wall ${GALLERY_PAGE_SIZE * 2 + n}`));
    expect(last.nextAfter).toBeNull();
  });

  it("ends without a further page when a gallery fills its last page exactly", async () => {
    const only = await getGalleryPage(test.db, exact);
    expect(only.items).toHaveLength(GALLERY_PAGE_SIZE);
    expect(only.nextAfter).toBeNull();
  });

  it("sends what a card needs: text as stored, sources when variants exist, null when none do", async () => {
    const [withVariants, without] = (await getGalleryPage(test.db, full)).items;
    // The thumbhash's average colour, not the hash: the page draws nothing from it.
    expect(withVariants).toMatchObject({ title: "Wall 0", caption: "<i>0</i>", placeholderColor: expect.stringMatching(/^rgb\(\d{1,3} \d{1,3} \d{1,3}\)$/) });
    expect(withVariants!.sources?.width).toBe(1600);
    expect(withVariants!.sources?.height).toBe(1200);
    expect(without!.sources).toBeNull();
    expect(Object.keys(withVariants!).toSorted()).toEqual(["caption", "id", "placeholderColor", "sources", "title"]);
  });

  it("offers the 1280-wide JPEG of a photo as the link preview, and none when it has no files", async () => {
    const [first] = await listCategoryImages(test.db, full, { limit: 1 });
    expect(getShareImage(first!)).toEqual({ url: `/media/${ids[0]}/w1280.jpg?v=w1280jpeghash`, width: 1280, height: 960 });
    const [bare] = await listCategoryImages(test.db, exact, { limit: 1 });
    expect(getShareImage(bare!)).toBeNull();
  });

  it("finds a gallery only by a plain positive number that names a category", async () => {
    expect((await getGalleryCategory(test.db, String(full)))?.name).toBe("plastering");
    for (const bad of [undefined, "", "0", "-1", "1.5", "1e3", "abc", " 1", "01", "9".repeat(16), "99999"]) {
      expect(await getGalleryCategory(test.db, bad), String(bad)).toBeNull();
    }
  });
});
