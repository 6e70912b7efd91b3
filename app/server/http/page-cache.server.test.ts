import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { currentGeneration, noteVisitCounted } from "../pages/page-freshness.server";
import { cspForCachedPage, createPageStore, inlineScriptHashes, matchesEtag, preparePage } from "./page-cache.server";
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
    noteVisitCounted(1_000_000);
    expect(isFresh(await page({ visitorNumber: 999_999, renderedAt: now - 1000 }), now)).toBe(true);
    expect(isFresh(await page({ visitorNumber: 999_999, renderedAt: now - VISITOR_NUMBER_LAG_MS }), now)).toBe(false);
    expect(isFresh(await page({ visitorNumber: 1_000_000, renderedAt: now - VISITOR_NUMBER_LAG_MS }), now)).toBe(true);
  });

  it("are evicted least recently used first when the byte budget is full", async () => {
    const one = await page();
    const store = createPageStore({ maxBytes: Math.floor(2.5 * (one.bodies.br.length + one.bodies.gzip.length + one.bodies.identity.length + 200)), maxPageBytes: 1e6 });
    store.set("/a", one);
    store.set("/b", await page());
    store.get("/a");
    store.set("/c", await page());
    expect([...store.keys()].toSorted()).toEqual(["/a", "/c"]);
  });
});

describe("cacheKey", () => {
  const request = (originalUrl: string, cookie?: string, method = "GET") => ({ method, originalUrl, headers: cookie ? { cookie } : {} });
  it("takes anonymous GETs and HEADs of plain addresses, gallery pages and page data", () => {
    expect(cacheKey(request("/services", "visited=1"))).toBe("/services");
    expect(cacheKey(request("/gallery/3?after=01J", "visited=1"))).toBe("/gallery/3?after=01J");
    expect(cacheKey(request("/services.data?_routes=routes%2Fpublic%2Fservices"))).not.toBeNull();
    expect(cacheKey(request("/", undefined, "HEAD"))).toBe("/");
  });
  it("refuses sessions, other methods, other query strings and odd addresses", () => {
    expect(cacheKey(request("/", "visited=1; better-auth.session_token=abc"))).toBeNull();
    expect(cacheKey(request("/", "__Secure-better-auth.session_token=abc"))).toBeNull();
    expect(cacheKey(request("/", undefined, "POST"))).toBeNull();
    expect(cacheKey(request("/signIn?redirectTo=%2Fprofile"))).toBeNull();
    expect(cacheKey(request("/?fbclid=123"))).toBeNull();
    expect(cacheKey(request(`/${"x".repeat(600)}`))).toBeNull();
    expect(cacheKey(request("//evil.example/"))).toBeNull();
  });
});
