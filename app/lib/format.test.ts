import { describe, expect, it } from "vitest";
import { capitalise, formatBytes, joinWithAnd } from "./format";

describe("joinWithAnd", () => {
  it("joins a list the way a sentence does", () => {
    expect(joinWithAnd([])).toBe("");
    expect(joinWithAnd(["Peterborough"])).toBe("Peterborough");
    expect(joinWithAnd(["Peterborough", "Stamford"])).toBe("Peterborough and Stamford");
    expect(joinWithAnd(["Peterborough", "Stamford", "Lincolnshire"])).toBe("Peterborough, Stamford and Lincolnshire");
  });
});

describe("formatBytes", () => {
  it("gives sizes in the unit a person expects", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(250 * 1024 * 1024)).toBe("250 MB");
    expect(formatBytes(3.25 * 1024 ** 3)).toBe("3.3 GB");
  });
});

describe("capitalise", () => {
  it("capitalises the first letter of each word and leaves the rest alone", () => {
    expect(capitalise("kitchen refits")).toBe("Kitchen Refits");
    expect(capitalise("éclairs and  DIY")).toBe("Éclairs And  DIY");
    expect(capitalise("2nd floor")).toBe("2nd Floor");
  });
});
