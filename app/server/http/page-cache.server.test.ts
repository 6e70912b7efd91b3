import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { currentGeneration } from "../pages/page-freshness.server";
import { resetVisitCounter } from "../visits/visit-counter.server";
import { createAddressRules } from "./canonical-address.server";
import { createBestCompressionQueue } from "./best-compression.server";
import { cspForCachedPage, createPageStore, heldEtag, inlineScriptHashes, matchesEtag, pageSize, preparePage } from "./page-cache.server";
import { PAGE_MAX_AGE_MS, VISITOR_NUMBER_LAG_MS, cacheKey, isFresh } from "./page-handler.server";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

function page(overrides: { generation?: number; visitorNumber?: number | null; renderedAt?: number } = {}) {
  return preparePage({
    status: 200,
    headers: new Headers({ "content-type": "text/html; charset=utf-8", "set-cookie": "x=1", "x-kept": "yes" }),
    body: Buffer.from(`<html><head><script nonce="n1">let a = 1;</script><script type="module" src="/assets/x.js"></script></head>`),
    generation: overrides.generation ?? currentGeneration(),
    visitorNumber: overrides.visitorNumber ?? null,
    renderedAt: overrides.renderedAt ?? Date.now(),
  });
}

describe("kept pages", () => {
  it("hold each body compressed both ways, with one strong ETag per encoding", async () => {
    const kept = await page();
    expect(brotliDecompressSync(kept.bodies.br).equals(kept.bodies.identity)).toBe(true);
    expect(gunzipSync(kept.bodies.gzip).equals(kept.bodies.identity)).toBe(true);
    expect(new Set(Object.values(kept.etags)).size).toBe(3);
    for (const etag of Object.values(kept.etags)) expect(etag).toMatch(/^"[\w-]+"$/);
  });

  it("never keep a Set-Cookie header, and keep the page's own headers", async () => {
    const kept = await page();
    const names = kept.headers.map(([name]) => name);
    expect(names).not.toContain("set-cookie");
    expect(names).toContain("x-kept");
  });

  it("replace the request's nonce with the hashes of the inline scripts only", async () => {
    const kept = await page();
    expect(kept.scriptHashes).toBe(sha("let a = 1;"));
    expect(inlineScriptHashes(`<script>one</script><script src="/a.js"></script><script type="text/x-deferred-module">two</script>`)).toBe(
      `${sha("one")} ${sha("two")}`,
    );
    expect(cspForCachedPage("script-src 'self' 'nonce-abc==';style-src 'self'", kept.scriptHashes)).toBe(
      `script-src 'self' ${sha("let a = 1;")};style-src 'self'`,
    );
    expect(cspForCachedPage("script-src 'self' 'nonce-abc=='", "")).toBe("script-src 'self'");
  });

  it("match If-None-Match lists, weak forms and *", () => {
    expect(matchesEtag(`"a", "b-br"`, `"b-br"`)).toBe(true);
    expect(matchesEtag(`W/"b-br"`, `"b-br"`)).toBe(true);
    expect(matchesEtag("*", `"b-br"`)).toBe(true);
    expect(matchesEtag(`"b-gz"`, `"b-br"`)).toBe(false);
    expect(matchesEtag(undefined, `"b-br"`)).toBe(false);
  });

  it("go stale when content changes, with age, and when their visitor number falls a few seconds behind", async () => {
    // Every page is stamped with this one clock reading: a page rendered "after" it would count as from the future.
    const now = Date.now();
    expect(isFresh(await page({ renderedAt: now }), now)).toBe(true);
    expect(isFresh(await page({ generation: currentGeneration() - 1, renderedAt: now }), now)).toBe(false);
    expect(isFresh(await page({ renderedAt: now - PAGE_MAX_AGE_MS }), now)).toBe(false);
    resetVisitCounter(1_000_000);
    expect(isFresh(await page({ visitorNumber: 999_999, renderedAt: now - 1000 }), now)).toBe(true);
    expect(isFresh(await page({ visitorNumber: 999_999, renderedAt: now - VISITOR_NUMBER_LAG_MS }), now)).toBe(false);
    expect(isFresh(await page({ visitorNumber: 1_000_000, renderedAt: now - VISITOR_NUMBER_LAG_MS }), now)).toBe(true);
  });

  it("are evicted least recently used first when the byte budget is full", async () => {
    const one = await page();
    const store = createPageStore({ maxBytes: Math.floor(2.5 * (one.bodies.br.length + one.bodies.gzip.length + one.bodies.identity.length + 200)), cursorBytes: 0, maxPageBytes: 1e6 });
    store.set("/a", one);
    store.set("/b", await page());
    store.get("/a");
    store.set("/c", await page());
    expect([...store.keys()].toSorted()).toEqual(["/a", "/c"]);
  });
});

// The shape of the server build's route manifest, for the routes these tests name.
const manifest = Object.fromEntries(
  [
    { id: "root", path: "" },
    { id: "routes/public/home", parentId: "root", index: true },
    { id: "routes/public/services", parentId: "root", path: "services" },
    { id: "routes/auth/sign-in", parentId: "root", path: "signIn" },
    { id: "routes/public/gallery", parentId: "root", path: "gallery/:id" },
    { id: "routes/public/reviews", parentId: "root", path: "reviews" },
    { id: "routes/public/project", parentId: "root", path: "projects/:slug" },
    { id: "routes/public/review-form", parentId: "root", path: "review/:token" },
    { id: "routes/resources/image", parentId: "root", path: "media/:imageId/:variant" },
    { id: "routes/public/not-found", parentId: "root", path: "*" },
  ].map((route) => [route.id, { ...route, module: {} }]),
) as never;
const rules = createAddressRules(manifest);
const CURSOR = "0196b3f2-7c1e-7a2b-8c3d-4e5f60718293";

describe("the page store", () => {
  it("gives gallery pages after a cursor a budget of their own: however many, the other pages stay (issue 19, item 1)", async () => {
    const one = await page();
    const store = createPageStore({ maxBytes: 10 * pageSize(one), cursorBytes: 3 * pageSize(one), maxPageBytes: 1e6 });
    for (const address of ["/", "/services", "/contact"]) store.set(address, await page());
    for (let i = 0; i < 300; i++) store.set(`/gallery/1?after=${CURSOR.slice(0, -3)}${String(i).padStart(3, "0")}`, await page());
    expect(["/", "/services", "/contact"].map((address) => store.peek(address) !== undefined)).toEqual([true, true, true]);
    expect(store.keys().filter((key) => key.includes("after=")).length).toBe(3);
    expect(store.size()).toBeLessThanOrEqual(10 * pageSize(one));
  });

  it("puts filtered lists (?service=) in the same share: any number of filters cannot push the other pages out", async () => {
    const one = await page();
    const store = createPageStore({ maxBytes: 10 * pageSize(one), cursorBytes: 3 * pageSize(one), maxPageBytes: 1e6 });
    for (const address of ["/", "/services", "/contact"]) store.set(address, await page());
    for (let i = 0; i < 300; i++) store.set(`/reviews?service=made-up-${i}`, await page());
    expect(["/", "/services", "/contact"].map((address) => store.peek(address) !== undefined)).toEqual([true, true, true]);
    expect(store.keys().filter((key) => key.includes("service=")).length).toBe(3);
  });

  it("hold pages compressed fast at first, and at the best levels once the queue has run", async () => {
    const store = createPageStore();
    const queue = createBestCompressionQueue(store, 2);
    const kept = await preparePage({
      status: 200,
      headers: new Headers({ "content-type": "text/html" }),
      body: Buffer.from(`<p data-testid="visitor-number">visitor number <!-- -->7</p>${"<p>gallery</p>".repeat(2000)}`),
      generation: currentGeneration(),
      visitorNumber: 7,
      renderedAt: Date.now(),
    });
    expect(kept.compression).toBe("fast");
    expect(kept.spliced).not.toBeNull();
    const fastEtag = kept.etags.br;
    const others = await Promise.all(["/a", "/b", "/c"].map(async (address) => [address, await page()] as const));
    store.set("/", kept);
    queue.add("/", kept);
    // A full queue skips pages rather than growing. Added while "/" is still being compressed (no await in between),
    // so the queue holds two and skips the third however fast the machine is.
    for (const [address, other] of others) {
      store.set(address, other);
      queue.add(address, other);
    }
    expect(queue.skipped()).toBeGreaterThan(0);
    await queue.idle();
    expect(kept.compression).toBe("best");
    expect(brotliDecompressSync(kept.bodies.br).equals(kept.bodies.identity)).toBe(true);
    expect(gunzipSync(kept.bodies.gzip).equals(kept.bodies.identity)).toBe(true);
    expect(kept.etags.br).not.toBe(fastEtag);
    expect(heldEtag(fastEtag, kept, "br")).toBe(fastEtag);
    expect(heldEtag(kept.etags.br, kept, "br")).toBe(kept.etags.br);
    expect(heldEtag(`"other"`, kept, "br")).toBeNull();
  });
});

describe("cacheKey", () => {
  const request = (originalUrl: string, cookie?: string, method = "GET") => ({ method, originalUrl, headers: cookie ? { cookie } : {} });
  const key = (originalUrl: string, cookie?: string, method?: string) => cacheKey(request(originalUrl, cookie, method), rules);
  it("takes anonymous GETs and HEADs of plain addresses, gallery pages and page data", () => {
    expect(key("/services", "visited=1")).toBe("/services");
    expect(key(`/gallery/3?after=${CURSOR}`, "visited=1")).toBe(`/gallery/3?after=${CURSOR}`);
    expect(key("/services.data?_routes=routes%2Fpublic%2Fservices")).not.toBeNull();
    expect(key("/_.data?_routes=root%2Croutes%2Fpublic%2Fhome")).not.toBeNull();
    expect(key(`/gallery/3.data?after=${CURSOR}&_routes=routes%2Fpublic%2Fgallery`)).not.toBeNull();
    expect(key("/?index=")).toBe("/?index=");
    expect(key("/reviews?service=plastering")).toBe("/reviews?service=plastering");
    expect(key(`/reviews?service=plastering&after=${CURSOR}`)).not.toBeNull();
    expect(key("/projects/kitchen-ceiling-in-stamford")).toBe("/projects/kitchen-ceiling-in-stamford");
    expect(key("/", undefined, "HEAD")).toBe("/");
  });
  it("refuses sessions, other methods, other query strings and odd addresses", () => {
    expect(key("/", "visited=1; better-auth.session_token=abc")).toBeNull();
    expect(key("/", "__Secure-better-auth.session_token=abc")).toBeNull();
    expect(key("/", undefined, "POST")).toBeNull();
    expect(key("/signIn?redirectTo=%2Fprofile")).toBeNull();
    expect(key("/?fbclid=123")).toBeNull();
    expect(key(`/${"x".repeat(600)}`)).toBeNull();
    expect(key("//evil.example/")).toBeNull();
  });
  it("keeps only each page's canonical spelling (issue 19, item 1)", () => {
    for (const spelling of [
      "/SERVICES",
      "/Services",
      "/%73ervices",
      "/services/",
      "//services",
      "/services?",
      "/services?index=x",
      "/?index=abc",
      "/?index",
      "/?index=&index=",
      "/gallery/03",
      "/gallery/3abc",
      "/gallery/0",
      "/gallery/3?after=not-a-cursor",
      `/gallery/3?after=${CURSOR.toUpperCase()}`,
      `/gallery/3?after=${CURSOR}&after=${CURSOR}`,
      "/services.data?_routes=anything",
      "/services.data?_routes=routes%2Fpublic%2Fservices%2Croot",
      "/services.data?_routes=root%2Croot",
      "/services.data?_routes=routes%2Fpublic%2Fhome",
      "/services?_routes=root",
      `/gallery/3.data?_routes=routes%2Fpublic%2Fgallery&after=${CURSOR}`,
      "/services/_.data",
      "/no-such-page",
      "/reviews?service=Plastering",
      "/reviews?service=a--b",
      "/reviews?service=",
      `/reviews?after=${CURSOR}&service=plastering`,
      "/projects/Kitchen-Ceiling",
      "/projects/kitchen%2Dceiling",
      "/projects/-kitchen",
      "/review/abcdef",
      "/media/abc/w320",
    ]) {
      expect(key(spelling, "visited=1"), spelling).toBeNull();
    }
  });
});
