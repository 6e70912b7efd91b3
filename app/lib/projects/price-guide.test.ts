import { describe, expect, it } from "vitest";
import { typicalCost } from "./price-guide";

describe("typicalCost", () => {
  it("needs at least three costed jobs", () => {
    expect(typicalCost([])).toBeNull();
    expect(typicalCost([{ from: 100, to: 200 }, { from: 300, to: 400 }])).toBeNull();
    expect(typicalCost([{ from: 100, to: 200 }, { from: 300, to: 400 }, { from: 500, to: 600 }])).not.toBeNull();
  });

  it("gives the interquartile range of the bands' middles, rounded outwards to £10", () => {
    // Middles 150, 350, 550, 750, 950: quartiles at 350 and 750.
    const bands = [950, 150, 550, 750, 350].map((middle) => ({ from: middle - 50, to: middle + 50 }));
    expect(typicalCost(bands)).toEqual({ low: 350, high: 750, jobs: 5 });
    // Middles 340, 400, 515, 1000: Q1 = 340 + 0.75·60 = 385, Q3 = 515 + 0.25·485 = 636.25 → £380–£640.
    expect(typicalCost([{ from: 300, to: 380 }, { from: 400, to: 400 }, { from: 510, to: 520 }, { from: 800, to: 1200 }])).toEqual({ low: 380, high: 640, jobs: 4 });
  });
});
