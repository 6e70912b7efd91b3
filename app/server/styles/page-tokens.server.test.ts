import { describe, expect, it } from "vitest";
import { listPageTokens } from "./page-tokens.server";

describe("the tokens of a page", () => {
  it("lists its classes, ids, elements and custom properties", () => {
    const tokens = listPageTokens(
      '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/></head><body><main id="main" class="site-main  container">' +
        '<SVG class="icon"></SVG><p style="color:var(--site-accent)">Hi</p></main></body></html>',
    );
    expect([...tokens]).toEqual(
      expect.arrayContaining([".site-main", ".container", "#main", ".icon", "html", "head", "body", "main", "meta", "svg", "p", "--site-accent"]),
    );
    expect(tokens.has(".")).toBe(false);
  });

  it("reads attributes as the browser does", () => {
    const tokens = listPageTokens('<i class="a&amp;b" id="x&quot;y"></i>');
    expect(tokens.has(".a&b")).toBe(true);
    expect(tokens.has('#x"y')).toBe(true);
  });

  it("counts the elements the parser adds on its own", () => {
    const tokens = listPageTokens("<p>text</p><table><tr><td>1</td></tr></table>");
    expect(tokens.has("html")).toBe(true);
    expect(tokens.has("body")).toBe(true);
    expect(tokens.has("tbody")).toBe(true);
  });
});
