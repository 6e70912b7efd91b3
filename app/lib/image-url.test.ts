import { describe, expect, it } from "vitest";
import { IMAGE_NOT_FOUND, getImageSources, getPlaceholderColour } from "./image-url";
import { type ImageVariant, type VariantFormat, type VariantName, parseVariants, planVariantWidths } from "./image-variants";

const ID = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

function variant(name: VariantName, format: VariantFormat, width: number): ImageVariant {
  return { name, format, width, height: Math.round((width * 3) / 4), size: 1000, hash: `h${name}${format}`.padEnd(12, "x") };
}

const ALL_FORMATS = (widths: [VariantName, number][]) =>
  (["avif", "webp", "jpeg"] as const).flatMap((format) => widths.map(([name, width]) => variant(name, format, width)));

describe("planVariantWidths", () => {
  it("gives a large photo every slot at its nominal width", () => {
    expect(planVariantWidths(4000)).toEqual([
      { name: "w320", width: 320 },
      { name: "w640", width: 640 },
      { name: "w960", width: 960 },
      { name: "w1280", width: 1280 },
      { name: "w2048", width: 2048 },
    ]);
  });
  it("never enlarges: the first slot at or above the photo's width holds it at its own width", () => {
    expect(planVariantWidths(1000)).toEqual([
      { name: "w320", width: 320 },
      { name: "w640", width: 640 },
      { name: "w960", width: 960 },
      { name: "w1280", width: 1000 },
    ]);
    expect(planVariantWidths(900)).toEqual([
      { name: "w320", width: 320 },
      { name: "w640", width: 640 },
      { name: "w960", width: 900 },
    ]);
    expect(planVariantWidths(640)).toEqual([
      { name: "w320", width: 320 },
      { name: "w640", width: 640 },
    ]);
    expect(planVariantWidths(24)).toEqual([{ name: "w320", width: 24 }]);
  });
});

describe("parseVariants", () => {
  it("reads a stored list and treats damage as nothing stored", () => {
    const list = [variant("w640", "webp", 640)];
    expect(parseVariants(JSON.stringify(list))).toEqual(list);
    expect(parseVariants("not json")).toEqual([]);
    expect(parseVariants(JSON.stringify([{ name: "../../etc/passwd", format: "webp" }]))).toEqual([]);
    expect(parseVariants(null)).toEqual([]);
  });
});

describe("getImageSources", () => {
  const full = ALL_FORMATS([
    ["w320", 320],
    ["w640", 640],
    ["w960", 960],
    ["w1280", 1280],
    ["w2048", 2048],
  ]);

  it("offers AVIF, then WebP, with JPEG for the <img>, and the image's own size for layout", () => {
    const sources = getImageSources({ id: ID, width: 4000, height: 3000, variants: full }, "(min-width: 768px) 33vw, 100vw")!;
    expect(sources.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    const avif = full.filter((v) => v.format === "avif");
    expect(sources.sources[0]!.srcSet).toBe(avif.map((v) => `/media/${ID}/${v.name}.avif?v=${v.hash} ${v.width}w`).join(", "));
    expect(sources.srcSet).toContain(`/media/${ID}/w2048.jpg?v=`);
    expect(sources.src).toMatch(new RegExp(`^/media/${ID}/w960\\.jpg\\?v=`));
    expect(sources.sizes).toBe("(min-width: 768px) 33vw, 100vw");
    expect([sources.width, sources.height]).toEqual([4000, 3000]);
  });

  it("holds back a format until its widest size exists, so no small AVIF lands on a large screen", () => {
    const firstPhase = [variant("w640", "webp", 640), variant("w640", "jpeg", 640), variant("w320", "webp", 320), variant("w1280", "webp", 1280)];
    const early = getImageSources({ id: ID, width: 4000, height: 3000, variants: [...firstPhase, variant("w320", "avif", 320)] })!;
    expect(early.sources).toEqual([]);
    // WebP has more widths than JPEG so far, so the <img> uses it.
    expect(early.srcSet.split(", ").map((s) => s.split(" ")[1])).toEqual(["320w", "640w", "1280w"]);

    const allButWidest = full.filter((v) => !(v.format === "avif" && v.name === "w2048"));
    const later = getImageSources({ id: ID, width: 4000, height: 3000, variants: allButWidest })!;
    expect(later.sources.map((s) => s.type)).toEqual(["image/webp"]);
  });

  it("offers a photo stored before the 960-wide size existed in every format, without that size", () => {
    const before960 = full.filter((v) => v.name !== "w960");
    const sources = getImageSources({ id: ID, width: 4000, height: 3000, variants: before960 })!;
    expect(sources.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(sources.sources[0]!.srcSet.split(", ").map((s) => s.split(" ")[1])).toEqual(["320w", "640w", "1280w", "2048w"]);
    expect(sources.srcSet).toContain(`/media/${ID}/w2048.jpg?v=`);
  });

  it("counts a small photo's smaller set of slots as complete", () => {
    const small = ALL_FORMATS([
      ["w320", 320],
      ["w640", 500],
    ]);
    const sources = getImageSources({ id: ID, width: 500, height: 375, variants: small })!;
    expect(sources.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(sources.srcSet).toMatch(/ 500w$/);
  });

  it("is null when nothing is stored, for the not-found entry", () => {
    expect(getImageSources({ id: ID, width: 100, height: 100, variants: [] })).toBeNull();
    expect(IMAGE_NOT_FOUND).toMatchObject({ title: "Image not found", caption: "No caption available", url: "/images/not-found.png" });
  });
});

describe("getPlaceholderColour", () => {
  it("gives the thumbhash's average colour as CSS, and nothing for a missing or broken hash", () => {
    expect(getPlaceholderColour("1QcSHQRnh493V4dIh4eXh1h4kJUI")).toMatch(/^rgb\(\d{1,3} \d{1,3} \d{1,3}\)$/);
    expect(getPlaceholderColour(null)).toBeUndefined();
    expect(getPlaceholderColour("not base64!")).toBeUndefined();
  });
});
