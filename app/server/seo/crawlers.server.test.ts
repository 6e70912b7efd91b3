import { describe, expect, it } from "vitest";
import { renderRobots, renderSitemap } from "./crawlers.server";

describe("renderSitemap", () => {
  it("lists the public pages and every gallery under the public address", () => {
    const xml = renderSitemap("https://example.test", [3, 12]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      "https://example.test/",
      "https://example.test/aboutme",
      "https://example.test/services",
      "https://example.test/projects",
      "https://example.test/webdev",
      "https://example.test/ha",
      "https://example.test/contact",
      "https://example.test/reviews",
      "https://example.test/reviews/policy",
      "https://example.test/gallery/3",
      "https://example.test/gallery/12",
    ]);
  });

  it("lists the photos a page shows with it, and the image namespace only when there are any", () => {
    const xml = renderSitemap("https://example.test", [3], () => true, {
      paths: ["/projects/loft-in-bath"],
      images: new Map([["/projects/loft-in-bath", [{ path: "/media/a/w1280.jpeg?v=1&x=2", title: "After <the> job" }]]]),
    });
    expect(xml).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    expect(xml).toContain(
      "<url><loc>https://example.test/projects/loft-in-bath</loc><image:image><image:loc>https://example.test/media/a/w1280.jpeg?v=1&amp;x=2</image:loc><image:title>After &lt;the&gt; job</image:title></image:image></url>",
    );
    expect(renderSitemap("https://example.test", [3])).not.toContain("image:");
  });

  it("escapes the address", () => {
    expect(renderSitemap("https://example.test/a&b", [])).toContain("<loc>https://example.test/a&amp;b/</loc>");
  });
});

describe("renderRobots", () => {
  it("keeps crawlers out of the auth API and the review links only, so that they can read the noindex of the private pages", () => {
    const robots = renderRobots("https://example.test");
    expect(robots.split("\n").filter((line) => line.startsWith("Disallow:"))).toEqual(["Disallow: /api/auth", "Disallow: /review/"]);
    expect(robots).toContain("User-agent: *\n");
    expect(robots).toContain("Sitemap: https://example.test/sitemap.xml\n");
  });
});
