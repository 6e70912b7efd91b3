import { describe, expect, it } from "vitest";
import { planVariants } from "./variants.server";

const names = (specs: { name: string; format: string }[]) => specs.map((s) => `${s.name}.${s.format}`);

describe("planVariants", () => {
  it("makes only what a gallery grid draws while the admin waits, and the 1280-wide WebP first thing afterwards", () => {
    // A 12 MP phone photo held upright: 3000 px wide.
    const { first, later } = planVariants(3000);
    expect(names(first)).toEqual(["w640.webp", "w640.jpeg", "w320.webp"]);
    expect(names(later)[0]).toBe("w1280.webp");
    // Nothing is dropped: every width in every format, each once.
    expect(names([...first, ...later]).toSorted()).toEqual(
      ["w320", "w640", "w1280", "w2048"].flatMap((w) => ["avif", "jpeg", "webp"].map((f) => `${w}.${f}`)).toSorted(),
    );
  });
});
