import { describe, expect, it } from "vitest";
import { joinWithAnd } from "./format";

describe("joinWithAnd", () => {
  it("joins a list the way a sentence does", () => {
    expect(joinWithAnd([])).toBe("");
    expect(joinWithAnd(["Peterborough"])).toBe("Peterborough");
    expect(joinWithAnd(["Peterborough", "Stamford"])).toBe("Peterborough and Stamford");
    expect(joinWithAnd(["Peterborough", "Stamford", "Lincolnshire"])).toBe("Peterborough, Stamford and Lincolnshire");
  });
});
