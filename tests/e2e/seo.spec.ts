import { expect, test } from "@playwright/test";
import { PUBLIC_PAGES, seedGallery, site } from "./support/public-site";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { testPort } from "../support/ports";

// A site with its own public address, as behind a reverse proxy, and two galleries.
const PUBLIC_URL = "https://www.builder.example";
let server: RunningServer;
let galleries: number[];
test.beforeAll(async () => {
  server = await startIsolatedServer(testPort("e2e/seo"), { PUBLIC_URL });
  galleries = [seedGallery(server.dataDir, "kitchens", 0).categoryId, seedGallery(server.dataDir, "loft conversions", 0).categoryId];
});
test.afterAll(async () => server?.stop());

/** Reads the server's HTML as a crawler gets it: no JavaScript runs. */
async function crawl(path: string) {
  const response = await fetch(`${server.baseURL}${path}`, { headers: { "user-agent": "Googlebot/2.1" } });
  expect(response.status).toBe(200);
  return response.text();
}

function attribute(html: string, selector: RegExp): string | undefined {
  return html.match(selector)?.[1]?.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
}

for (const { path, page, heading } of PUBLIC_PAGES) {
  test(`${path} is rendered on the server with its own title, description, canonical address and Open Graph tags`, async () => {
    const html = await crawl(path);
    const url = `${PUBLIC_URL}${path}`;
    expect(attribute(html, /<title>([^<]*)<\/title>/)).toBe(page.title);
    expect(attribute(html, /<meta name="description" content="([^"]*)"/)).toBe(page.description);
    expect(attribute(html, /<link rel="canonical" href="([^"]*)"/)).toBe(url);
    expect(attribute(html, /<meta property="og:title" content="([^"]*)"/)).toBe(page.title);
    expect(attribute(html, /<meta property="og:description" content="([^"]*)"/)).toBe(page.description);
    expect(attribute(html, /<meta property="og:url" content="([^"]*)"/)).toBe(url);
    expect(attribute(html, /<meta property="og:type" content="([^"]*)"/)).toBe("website");
    expect(attribute(html, /<meta property="og:site_name" content="([^"]*)"/)).toBe(site.business.name);
    expect(attribute(html, /<meta property="og:image" content="([^"]*)"/)).toBe(`${PUBLIC_URL}/images/share.png`);
    // The content itself is in the HTML, not only added by JavaScript.
    expect(html).toMatch(new RegExp(`<h1[^>]*>[^<]*${heading.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  });
}

test("the share image exists", async () => {
  const response = await fetch(`${server.baseURL}/images/share.png`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/png");
});

test("every service section's text is in the server's HTML", async () => {
  const html = await crawl("/services");
  for (const service of site.services) {
    expect(html).toContain(`id="${service.id}"`);
    for (const item of service.items ?? []) expect(html).toContain(item.replaceAll("'", "&#x27;"));
  }
});

test("the home page describes the business in schema.org JSON-LD", async () => {
  const html = await crawl("/");
  const json = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)?.[1];
  expect(json).toBeDefined();
  const data = JSON.parse(json!.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&"));
  expect(data).toMatchObject({
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    name: site.business.name,
    url: `${PUBLIC_URL}/`,
    telephone: site.business.phoneE164,
    email: site.business.email,
    address: { "@type": "PostalAddress", addressLocality: "Peterborough", addressCountry: "GB" },
  });
  expect(data.areaServed.map((area: { name: string }) => area.name)).toEqual(site.business.areas);
  expect(data.hasOfferCatalog.itemListElement).toHaveLength(site.services.length);
  expect(data.hasOfferCatalog.itemListElement[0].itemOffered.url).toBe(`${PUBLIC_URL}/services#plastering`);
});

test("sitemap.xml lists every public page and every gallery under the public address", async () => {
  const response = await fetch(`${server.baseURL}/sitemap.xml`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/xml");
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  // No project is published on this server, so /projects (an empty list) is not listed: projects.spec.ts checks both.
  expect(locs).toEqual([
    ...PUBLIC_PAGES.map(({ path }) => `${PUBLIC_URL}${path}`),
    `${PUBLIC_URL}/reviews`,
    `${PUBLIC_URL}/reviews/policy`,
    ...galleries.map((id) => `${PUBLIC_URL}/gallery/${id}`),
  ]);
});

test("robots.txt points to the sitemap and keeps crawlers out of the auth API, never off a page that says noindex", async () => {
  const response = await fetch(`${server.baseURL}/robots.txt`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  const lines = (await response.text()).split("\n");
  expect(lines).toContain("User-agent: *");
  expect(lines).toContain("Disallow: /api/auth");
  expect(lines).toContain("Disallow: /review/");
  expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  const disallowed = lines.filter((line) => line.startsWith("Disallow:")).map((line) => line.slice("Disallow:".length).trim());
  expect(disallowed).not.toContain("/");

  // A crawler reads a page's noindex only by fetching it: neither the page nor any address on the way to it may be
  // disallowed (the admin and member areas redirect a visitor to /signIn).
  for (const path of ["/signIn", "/signOut", "/signout", "/forgot-password", "/reset-password", "/contact/thanks", "/profile", "/manage", "/manage/users"]) {
    const visited: string[] = [];
    let next = path;
    let html = "";
    while (!html) {
      visited.push(next);
      const step = await fetch(`${server.baseURL}${next}`, { headers: { "user-agent": "Googlebot/2.1" }, redirect: "manual" });
      const location = step.headers.get("location");
      if (location) {
        const target = new URL(location, PUBLIC_URL);
        next = target.pathname + target.search;
      } else {
        html = await step.text();
      }
      expect(visited.length, path).toBeLessThan(5);
    }
    expect(html, path).toMatch(/<meta name="robots" content="noindex"/);
    for (const address of visited) expect(disallowed.filter((prefix) => address.startsWith(prefix)), address).toEqual([]);
  }
});
