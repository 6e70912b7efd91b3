import { describe, expect, it } from "vitest";
import { defaultDisplayName, formatJobMonth, starText } from "./reviews";

describe("review helpers", () => {
  it("shows the first name and the initial of the last by default", () => {
    expect(defaultDisplayName("  sam   de tiler ")).toBe("sam T.");
    expect(defaultDisplayName("Cher")).toBe("Cher");
    expect(defaultDisplayName("")).toBe("");
  });
  it("writes months and stars for people", () => {
    expect(formatJobMonth("2026-11")).toBe("November 2026");
    expect(starText(4)).toBe("★★★★☆");
  });
});
