import { rgbaToThumbHash } from "thumbhash";
import { describe, expect, it } from "vitest";
import { type StoredPhoto, toGalleryPhoto, toGalleryPhotos } from "./gallery-photo";

// As the image pipeline records them: every planned width of a 1280 px photo, in three formats.
const VARIANTS = JSON.stringify(
  ["avif", "webp", "jpeg"].flatMap((format) =>
    [
      { name: "w320", width: 320 },
      { name: "w640", width: 640 },
      { name: "w1280", width: 1280 },
    ].map((v) => ({ ...v, format, height: (v.width * 3) / 4, size: 1000, hash: `${format}${v.width}hash` })),
  ),
);

function stored(id: string, overrides: Partial<StoredPhoto> = {}): StoredPhoto {
  return { id, categoryId: 1, title: `Title ${id}`, caption: `Caption ${id}`, width: 1280, height: 960, placeholder: null, variants: VARIANTS, ...overrides };
}

describe("toGalleryPhoto", () => {
  it("offers AVIF and WebP sources and a JPEG fallback, narrowest first", () => {
    const photo = toGalleryPhoto(stored("0001"));
    expect(photo).toMatchObject({
      id: "0001",
      categoryId: 1,
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
    const photo = toGalleryPhoto(stored("0002", { title: "", placeholder }));
    expect(photo?.alt).toBe("Caption 0002");
    expect(photo?.placeholderColor).toMatch(/^rgb\(2[0-5]\d \d{1,2} \d{1,2}\)$/);
    expect(toGalleryPhoto(stored("0007", { title: "", caption: "" }))?.alt).toBe("Photo of our work");
  });

  it("skips images whose variants cannot be read", () => {
    expect(toGalleryPhoto(stored("0003", { variants: "not json" }))).toBeNull();
    expect(toGalleryPhoto(stored("0004", { variants: "[]" }))).toBeNull();
    expect(toGalleryPhoto(stored("0005", { variants: '[{"format":"tiff","width":10,"key":"x"}]' }))).toBeNull();
    expect(toGalleryPhotos([stored("0006"), stored("0008", { variants: "[]" }), stored("0009")]).map((p) => p.id)).toEqual(["0006", "0009"]);
  });
});
