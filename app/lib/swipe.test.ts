import { describe, expect, it } from "vitest";
import { SWIPE_MIN_DISTANCE, getSwipeDirection } from "./swipe";

describe("getSwipeDirection", () => {
  it("swiping left asks for the next photo, right for the previous one", () => {
    expect(getSwipeDirection(-120, 10)).toBe("next");
    expect(getSwipeDirection(120, -10)).toBe("previous");
  });

  it("ignores a tap or a short nudge", () => {
    expect(getSwipeDirection(0, 0)).toBeNull();
    expect(getSwipeDirection(-(SWIPE_MIN_DISTANCE - 1), 0)).toBeNull();
    expect(getSwipeDirection(-SWIPE_MIN_DISTANCE, 0)).toBe("next");
  });

  it("ignores mostly vertical movement, such as scrolling a long caption", () => {
    expect(getSwipeDirection(-80, 100)).toBeNull();
    expect(getSwipeDirection(80, -60)).toBeNull();
    expect(getSwipeDirection(-150, 90)).toBe("next");
  });
});
