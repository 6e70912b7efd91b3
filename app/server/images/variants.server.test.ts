import { describe, expect, it } from "vitest";
import { batchVariants, planVariants } from "./variants.server";

const names = (specs: { name: string; format: string }[]) => specs.map((s) => `${s.name}.${s.format}`);

describe("planVariants", () => {
  it("makes only what a gallery grid draws while the admin waits, and the 1280-wide WebP first thing afterwards", () => {
    // A 12 MP phone photo held upright: 3000 px wide.
    const { first, later } = planVariants(3000);
    expect(names(first)).toEqual(["w640.webp", "w640.jpeg", "w320.webp"]);
    expect(names(later)[0]).toBe("w1280.webp");
    // Each format's widest size is made after its narrower ones: a page offers a format once that one exists.
    for (const format of ["avif", "webp", "jpeg"]) expect(names(later).findLast((n) => n.endsWith(format))).toBe(`w2048.${format}`);
    // Nothing is dropped: every width in every format, each once.
    expect(names([...first, ...later]).toSorted()).toEqual(
      ["w320", "w640", "w960", "w1280", "w2048"].flatMap((w) => ["avif", "jpeg", "webp"].map((f) => `${w}.${f}`)).toSorted(),
    );
  });
});

describe("batchVariants", () => {
  it("pairs the background variants so both cores work, and makes the 2048-wide AVIF alone", () => {
    const batches = batchVariants(planVariants(3000).later).map(names);
    expect(batches).toEqual([
      ["w1280.webp", "w960.webp"],
      ["w320.avif", "w640.avif"],
      ["w960.avif", "w1280.avif"],
      ["w2048.webp", "w320.jpeg"],
      ["w2048.avif"],
      ["w960.jpeg", "w1280.jpeg"],
      ["w2048.jpeg"],
    ]);
  });
});
