import { describe, expect, it } from "vitest";
import { renderMarkdown, renderParagraphs } from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders the subset: paragraphs, bold, italic, lists and links", () => {
    expect(renderMarkdown("One **bold** and *italic*.\n\n- a\n- b")).toBe("<p>One <strong>bold</strong> and <em>italic</em>.</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n");
    expect(renderMarkdown("[call](tel:+447700900123) [mail](mailto:a@b.uk) [page](/services#tiling)")).toBe(
      '<p><a href="tel:+447700900123">call</a> <a href="mailto:a@b.uk">mail</a> <a href="/services#tiling">page</a></p>\n',
    );
  });

  it("opens other sites in a new tab with rel=noopener, and this site's in the same tab", () => {
    expect(renderMarkdown("[HA](https://www.home-assistant.io/)")).toBe('<p><a href="https://www.home-assistant.io/" target="_blank" rel="noopener">HA</a></p>\n');
    expect(renderMarkdown("[me](https://example.co.uk/aboutme)", "https://example.co.uk")).toBe('<p><a href="https://example.co.uk/aboutme">me</a></p>\n');
  });

  it("shows typed HTML as text", () => {
    const html = renderMarkdown('<script>alert(1)</script> <img src=x onerror="alert(2)"> <a href="javascript:alert(3)">x</a>');
    expect(html).not.toMatch(/<script|<img|<a /);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("never makes a javascript:, data:, vbscript:, http: or protocol-relative link", () => {
    for (const href of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "jav&#x61;script:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "vbscript:x", "http://example.com", "//evil.example/", " javascript:alert(1)", "java\nscript:alert(1)"]) {
      const html = renderMarkdown(`[x](${href})`);
      expect(html, href).not.toContain("<a ");
      expect(html.toLowerCase()).not.toContain('href="javascript');
    }
    expect(renderMarkdown("<javascript:alert(1)>")).not.toContain("<a ");
  });

  it("ignores what the subset leaves out (headings, images, code, tables)", () => {
    expect(renderMarkdown("# Big\n\n`code`")).toBe("<p># Big</p>\n<p>`code`</p>\n");
    expect(renderMarkdown("![x](https://e.x/a.png)")).not.toContain("<img");
  });
});

describe("renderParagraphs", () => {
  it("renders each paragraph as one, and nothing for none", () => {
    expect(renderParagraphs(["First.", "Second."])).toBe("<p>First.</p>\n<p>Second.</p>\n");
    expect(renderParagraphs(undefined)).toBe("");
  });
});
