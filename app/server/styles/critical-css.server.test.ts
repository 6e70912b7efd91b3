import { describe, expect, it } from "vitest";
import { createCriticalCss } from "./critical-css.server";
import { listPageTokens } from "./page-tokens.server";

// Minified, as Vite writes the site's stylesheet.
const CSS = [
  ":root,[data-bs-theme=light]{--bs-blue:#0d6efd;--bs-body-color:#212529;--bs-unused:1px;--bs-link:var(--bs-blue)}",
  "[data-bs-theme=dark]{--bs-body-color:#dee2e6}",
  "body{color:var(--bs-body-color)}",
  ".btn{--bs-btn-color:red;--bs-btn-gap:2px;color:var(--bs-btn-color)}",
  ".btn:hover,.btn:focus-visible{outline:0}",
  ".card{padding:1rem}",
  ".btn-group>.btn,.lightbox .btn{flex:1}",
  ".site-menu:not(.is-open) a[href]{opacity:.5}",
  "details[open]>summary:after{content:'-'}",
  "table td{padding:0}",
  "@media (min-width:768px){.card{padding:2rem}.btn{padding:1rem}}",
  "@media (min-width:992px){.card{margin:0}}",
  "@keyframes spin{to{transform:rotate(360deg)}}",
  "@keyframes pulse{50%{opacity:.5}}",
  "@keyframes fade-in{0%{opacity:0}}",
  ".spinner{--site-spinner:spin;animation:var(--site-spinner) 1s linear infinite}",
  ".card-pulse{animation:pulse 2s}",
  ".fade{transition:opacity .15s}",
  "#site-modal{width:30rem}",
].join("");

const page = (body: string) => listPageTokens(`<!DOCTYPE html><html data-bs-theme="light"><head></head><body>${body}</body></html>`);

describe("a page's share of the stylesheet", () => {
  const critical = createCriticalCss(CSS, { isAlwaysPresent: (token) => token === ".fade" });
  const home = critical.forPage(page('<main><a class="btn btn-primary" href="/">Home</a><div class="site-menu"><a href="/x">x</a></div></main>'));

  it("keeps the rules the page's elements can match, in the stylesheet's order", () => {
    expect(home).toContain("body{color:var(--bs-body-color)}");
    expect(home).toContain(".btn:hover,.btn:focus-visible{outline:0}");
    expect(home).toContain("@media (min-width:768px){.btn{padding:1rem}}");
    expect(home.indexOf("body{")).toBeLessThan(home.indexOf(".btn{"));
    expect(home.indexOf(".btn{")).toBeLessThan(home.indexOf("@media"));
  });

  it("drops the rules that need a class, id or element the page does not have, and at-rules left empty", () => {
    expect(home).not.toContain(".card");
    expect(home).not.toContain("table td");
    expect(home).not.toContain("#site-modal");
    expect(home).not.toContain("min-width:992px");
    expect(home).not.toContain(".btn-group");
  });

  it("keeps a rule when one selector of its list matches", () => {
    expect(critical.forPage(page('<div class="lightbox"><button class="btn">x</button></div>'))).toContain(".btn-group>.btn,.lightbox .btn{flex:1}");
  });

  it("takes states, attributes and what :not() excludes as possibly matching", () => {
    expect(home).toContain(".site-menu:not(.is-open) a[href]{opacity:.5}");
    expect(critical.forPage(page("<details><summary>More</summary></details>"))).toContain("details[open]>summary:after");
    expect(home).toContain("[data-bs-theme=dark]{--bs-body-color:#dee2e6}");
  });

  it("keeps rules for classes scripts add, on every page", () => {
    expect(critical.forPage(page("<p>Plain</p>"))).toContain(".fade{transition:opacity .15s}");
  });

  it("keeps the custom properties kept rules read, directly or through another, and drops the rest", () => {
    expect(home).toContain("--bs-body-color:#212529");
    expect(home).toContain("--bs-btn-color:red;color:var(--bs-btn-color)");
    expect(home).not.toContain("--bs-unused");
    expect(home).not.toContain("--bs-btn-gap");
    expect(home).not.toContain("--bs-blue");
    const linked = critical.forPage(page('<a class="btn" style="color:var(--bs-link)">x</a>'));
    expect(linked).toContain("--bs-link:var(--bs-blue)");
    expect(linked).toContain("--bs-blue:#0d6efd");
  });

  it("keeps the @keyframes a kept rule names, also through a custom property", () => {
    const spinner = critical.forPage(page('<div class="spinner"></div>'));
    expect(spinner).toContain("@keyframes spin{");
    expect(spinner).not.toContain("@keyframes pulse");
    expect(critical.forPage(page('<div class="card-pulse"></div>'))).toContain("@keyframes pulse{50%{opacity:.5}}");
    expect(home).not.toContain("@keyframes");
    const nested = createCriticalCss("@media (prefers-reduced-motion:no-preference){@keyframes spin{to{rotate:1turn}}}.spinner{animation:spin 1s}");
    expect(nested.forPage(page('<i class="spinner"></i>'))).toBe("@media (prefers-reduced-motion:no-preference){@keyframes spin{to{rotate:1turn}}}.spinner{animation:spin 1s}");
    expect(nested.forPage(page("<i></i>"))).toBe("");
  });

  it("matches element names and ids as well as classes", () => {
    const result = critical.forPage(page('<table><tr><td>1</td></tr></table><dialog id="site-modal"></dialog>'));
    expect(result).toContain("table td{padding:0}");
    expect(result).toContain("#site-modal{width:30rem}");
  });

  it("escapes a closing style tag, which would end the inline stylesheet", () => {
    const css = createCriticalCss(".x:after{content:'</style>'}");
    expect(css.forPage(page('<i class="x"></i>'))).toBe(".x:after{content:'\\3c/style>'}");
  });
});

describe("remembering results", () => {
  it("gives the same text again for the same page, from memory", () => {
    const critical = createCriticalCss(CSS);
    const tokens = page('<a class="btn">x</a>');
    const first = critical.forPage(tokens);
    expect(critical.forPage(tokens)).toBe(first);
    expect(critical.size()).toBe(1);
  });

  it("shares one entry among pages that differ only in what no rule selects", () => {
    const critical = createCriticalCss(CSS);
    const gallery = (ids: number[], caption: string) =>
      page(`<main class="card">${ids.map((id) => `<figure id="photo-${id}" class="card"><img alt="${caption}"></figure>`).join("")}<p>Visitor ${ids[0]}</p></main>`);
    const first = critical.forPage(gallery([1, 2, 3], "Kitchen"));
    expect(critical.forPage(gallery([41, 42, 43, 44], "Hall and stairs"))).toBe(first);
    expect(critical.size()).toBe(1);
    expect(critical.forPage(gallery([1], "Kitchen").add(".btn"))).not.toBe(first);
    expect(critical.size()).toBe(2);
  });

  it("forgets the least recently used result beyond its bound", () => {
    const critical = createCriticalCss(CSS, { maxEntries: 2 });
    critical.forPage(page('<a class="btn">'));
    critical.forPage(page('<a class="card">'));
    critical.forPage(page('<a class="btn">'));
    critical.forPage(page("<table></table>"));
    expect(critical.size()).toBe(2);
  });
});
