import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FAVICON_DATA_URL, FAVICON_SVG } from "./favicon";

describe("the icon written into every page", () => {
  it("is the picture in public/favicon.svg", () => {
    expect(FAVICON_SVG).toBe(readFileSync("public/favicon.svg", "utf8").trim());
  });

  it("is a data address that decodes back to it, with nothing a URL may not hold raw", () => {
    expect(FAVICON_DATA_URL.startsWith("data:image/svg+xml,")).toBe(true);
    const data = FAVICON_DATA_URL.slice("data:image/svg+xml,".length);
    expect(data).not.toMatch(/[<>#" ]/);
    expect(decodeURIComponent(data)).toBe(FAVICON_SVG.replaceAll('"', "'"));
  });
});
