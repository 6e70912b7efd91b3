import { describe, expect, it } from "vitest";
import { FIRST_POSITION, positionAfter, positionBetween, renumberedPositions } from "./positions.server";

describe("positions", () => {
  it("counts up at a fixed width for items added at the end, never ending in 0", () => {
    expect(positionAfter(null)).toBe(FIRST_POSITION);
    expect(positionAfter("a00001")).toBe("a00002");
    expect(positionAfter("a0000z")).toBe("a00011");
    expect(positionAfter("a00zzz")).toBe("a01001");
    expect(positionAfter("zzzzzz")).toBe("zzzzzz1");
    const keys = renumberedPositions(100_000);
    expect(new Set(keys.map((k) => k.length))).toEqual(new Set([6]));
    expect(keys.toSorted()).toEqual(keys);
    expect(keys.some((k) => k.endsWith("0"))).toBe(false);
  });

  it("always finds a key between two neighbours, even after a thousand moves into the same gap", () => {
    let low = "a00001";
    let high = "a00002";
    for (let i = 0; i < 1000; i++) {
      const mid = positionBetween(low, high)!;
      expect(low < mid && mid < high).toBe(true);
      expect(mid.endsWith("0")).toBe(false);
      if (i % 2) low = mid;
      else high = mid;
    }
    // Moving to the front again and again.
    let first = "a00001";
    for (let i = 0; i < 1000; i++) {
      const before = positionBetween(null, first)!;
      expect(before < first && before > "").toBe(true);
      first = before;
    }
    expect(first.length).toBeLessThan(300);
  });

  it("says when there is no room: equal neighbours", () => {
    expect(positionBetween("a00005", "a00005")).toBeNull();
    expect(positionBetween("a00006", "a00005")).toBeNull();
    expect(positionBetween(undefined, undefined)).toBe(FIRST_POSITION);
    expect(positionBetween("a00005", null)).toBe("a00006");
  });
});
