import { afterAll, beforeAll, expect, it } from "vitest";
import { buildMissingReason } from "../setup/build";
import { describeUnless } from "../setup/describe-unless";
import { createTestDatabase, postgresUnavailableReason, type TestDatabase } from "../setup/databases";
import { HttpClient, createVerifiedUser } from "../support/http-client";
import { testPorts } from "../support/ports";
import { type RunningServer, startIsolatedServer } from "../support/server";

// The anonymous page cache through the production server: what a visitor, a returning visitor and a signed-in
// admin are sent, and how soon an edit reaches kept pages, on one instance (SQLite) and across two (PostgreSQL).
const [SQLITE_PORT, FIRST_PORT, SECOND_PORT] = testPorts("integration/page-cache-server");
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

type Page = { status: number; cache: string | null; etag: string | null; control: string | null; html: string; headers: Headers };

/** A GET as a browser that has been here before (its visit is counted) would send it. */
async function returning(baseURL: string, path: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(new URL(path, baseURL), {
    headers: { "user-agent": BROWSER, cookie: "visited=1", "accept-encoding": "br, gzip", ...headers },
    redirect: "manual",
  });
  return {
    status: response.status,
    cache: response.headers.get("x-page-cache"),
    etag: response.headers.get("etag"),
    control: response.headers.get("cache-control"),
    html: await response.text(),
    headers: response.headers,
  };
}

/** Whether two ETags name one render of a page (whatever its compression level: `-br5` fast, `-br` best). */
function sameRender(a: string | null, b: string | null): boolean {
  const render = (etag: string | null) => etag?.replace(/-(br|gz)\d?"$/, "");
  return render(a) !== undefined && render(a) === render(b);
}

/** The footer's number, or 0 where none shows: the footer leaves it out until a first visit has been counted. */
function shownVisitorNumber(html: string): number {
  return /visitor number (?:<!-- -->)?\d+/.test(html) ? visitorNumber(html) : 0;
}

function visitorNumber(html: string): number {
  const match = /visitor number (?:<!-- -->)?(\d+)/.exec(html);
  if (!match) throw new Error("no visitor number on the page");
  return Number(match[1]);
}

async function waitFor<T>(what: string, limitMs: number, probe: () => Promise<T | null>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== null) return { value, ms: Date.now() - started };
    if (Date.now() - started > limitMs) throw new Error(`${what} not seen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeUnless(buildMissingReason(), "anonymous page cache on one server (SQLite)", () => {
  let server: RunningServer;
  let admin: HttpClient;

  beforeAll(async () => {
    server = await startIsolatedServer(SQLITE_PORT!);
    admin = new HttpClient(server.baseURL);
    await createVerifiedUser(admin, server.dataDir, "owner@cache.test", "page-cache-password-1");
  }, 60_000);
  afterAll(async () => server?.stop());

  it("a kept page is compressed fast when rendered, and at the best level once asked for again, off the request path", async () => {
    const rendered = await returning(server.baseURL, "/webdev");
    expect(rendered.cache).toBe("miss");
    expect(rendered.etag).toMatch(/-br5"$/);
    const { value: best } = await waitFor("the best compression", 5_000, async () => {
      const page = await returning(server.baseURL, "/webdev");
      return page.etag?.endsWith(`-br"`) ? page : null;
    });
    expect(best.cache).toBe("hit");
    expect(best.html).toBe(rendered.html);
    expect(sameRender(best.etag, rendered.etag)).toBe(true);
    expect(Number(best.headers.get("content-length"))).toBeLessThan(Number(rendered.headers.get("content-length")));
    // A browser holding the fast copy is told it still holds the page.
    const revalidated = await returning(server.baseURL, "/webdev", { "if-none-match": rendered.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.etag).toBe(rendered.etag);
  });

  it("a returning visitor gets a kept page, the same bytes each time, revalidated with 304", async () => {
    await returning(server.baseURL, "/services");
    // Once its best compression is in (the test above), so that both copies below are the same one.
    await waitFor("the best compression", 5_000, async () => ((await returning(server.baseURL, "/services")).etag?.endsWith(`-br"`) ? true : null));
    const first = await returning(server.baseURL, "/services");
    const second = await returning(server.baseURL, "/services");
    expect(first.status).toBe(200);
    expect(first.cache).toBe("hit");
    expect(second.etag).toBe(first.etag);
    expect(second.html).toBe(first.html);
    expect(first.control).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(first.headers.get("vary")).toBe("Accept-Encoding");
    expect(first.headers.get("content-encoding")).toBe("br");
    expect(first.headers.get("set-cookie")).toBeNull();
    // Each encoding is its own representation with its own strong ETag.
    const gzipped = await returning(server.baseURL, "/services", { "accept-encoding": "gzip" });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.etag).not.toBe(first.etag);
    expect(gzipped.html).toBe(first.html);
    // Chromium lists gzip first; Brotli is still the one sent whenever it is accepted.
    const chromium = await returning(server.baseURL, "/services", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(chromium.headers.get("content-encoding")).toBe("br");
    expect(chromium.etag).toBe(first.etag);

    const revalidated = await returning(server.baseURL, "/services", { "if-none-match": first.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.html).toBe("");
    expect(revalidated.etag).toBe(first.etag);
    const otherCopy = await returning(server.baseURL, "/services", { "if-none-match": `"something-else"` });
    expect(otherCopy.status).toBe(200);
  });

  it("a kept page's scripts are allowed by hash, not by a nonce another visitor saw", async () => {
    const page = await returning(server.baseURL, "/");
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).not.toContain("'nonce-");
    const inline = [...page.html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\bsrc=/.test(m[1]!));
    expect(inline.length).toBeGreaterThan(0);
    const { createHash } = await import("node:crypto");
    for (const script of inline) expect(policy).toContain(`'sha256-${createHash("sha256").update(script[2]!).digest("base64")}'`);
  });

  it("a visitor's first view is the kept page with their own number, which includes them", async () => {
    await returning(server.baseURL, "/contact");
    const kept = await returning(server.baseURL, "/contact");
    expect(kept.cache).toBe("hit");
    const response = await fetch(new URL("/contact", server.baseURL), {
      headers: { "user-agent": BROWSER, "accept-encoding": "gzip, deflate, br, zstd" },
    });
    const html = await response.text();
    // Not rendered again (issue 19, item 3): the kept page, its number spliced in, in Brotli once the page has been
    // compressed at the best level, gzipped until then.
    expect(response.headers.get("x-page-cache")).toBe("hit");
    expect(["br", "gzip"]).toContain(response.headers.get("content-encoding"));
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("etag")).toBeNull();
    expect(response.headers.get("set-cookie")).toMatch(/^visited=\d+;/);
    const mine = visitorNumber(html);
    expect(mine).toBeGreaterThan(visitorNumber(kept.html));
    expect(response.headers.get("set-cookie")).toMatch(new RegExp(`^visited=${mine};`));
    // Apart from the number, the very page everybody else is sent.
    expect(html.replace(/visitor number <!-- -->\d+/, "")).toBe(kept.html.replace(/visitor number <!-- -->\d+/, ""));
    // Their next page is never one kept from before their visit, which shows a lower number.
    const next = await returning(server.baseURL, "/contact", { cookie: `visited=${mine}` });
    expect(visitorNumber(next.html)).toBeGreaterThanOrEqual(mine);
    const second = await fetch(new URL("/contact", server.baseURL), { headers: { "user-agent": BROWSER } });
    expect(visitorNumber(await second.text())).toBe(mine + 1);
  });

  it("a first view of a page compressed at the best level goes out in Brotli, with the visitor's own number", async () => {
    await returning(server.baseURL, "/services");
    // The best compression runs in the background; the kept copy's ETag says when it has (`-br`, not `-br5`).
    await expect.poll(async () => (await returning(server.baseURL, "/services")).etag, { timeout: 10_000 }).toMatch(/-br"$/);
    const kept = await returning(server.baseURL, "/services");
    const firstView = () => fetch(new URL("/services", server.baseURL), { headers: { "user-agent": BROWSER, "accept-encoding": "gzip, deflate, br, zstd" } });
    const [one, two] = [await firstView(), await firstView()];
    for (const response of [one, two]) {
      expect(response.headers.get("x-page-cache")).toBe("hit");
      expect(response.headers.get("content-encoding")).toBe("br");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
    // fetch decodes the Brotli; a splice that went wrong would fail to decode or change the page.
    const [first, second] = [await one.text(), await two.text()];
    expect(visitorNumber(second)).toBe(visitorNumber(first) + 1);
    expect(one.headers.get("set-cookie")).toMatch(new RegExp(`^visited=${visitorNumber(first)};`));
    for (const html of [first, second]) expect(html.replace(/visitor number <!-- -->\d+/, "")).toBe(kept.html.replace(/visitor number <!-- -->\d+/, ""));
    // A browser without Brotli still gets the gzip splice.
    const gzipOnly = await fetch(new URL("/services", server.baseURL), { headers: { "user-agent": BROWSER, "accept-encoding": "gzip" } });
    expect(gzipOnly.headers.get("content-encoding")).toBe("gzip");
    expect(visitorNumber(await gzipOnly.text())).toBe(visitorNumber(second) + 1);
  });

  it("never serves a kept page to a signed-in user, and never keeps theirs", async () => {
    const anonymous = await returning(server.baseURL, "/");
    expect(anonymous.html).not.toContain("Sign Out");
    const signedIn = await admin.get("/");
    const html = await signedIn.text();
    expect(signedIn.headers.get("x-page-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(html).toContain("Sign Out");
    expect(html).toContain("owner@cache.test");
    const afterwards = await returning(server.baseURL, "/");
    expect(afterwards.html).not.toContain("Sign Out");
    expect(afterwards.html).not.toContain("owner@cache.test");
  });

  it("an admin's edit shows on the next anonymous load", async () => {
    await returning(server.baseURL, "/");
    expect((await returning(server.baseURL, "/")).cache).toBe("hit");
    const created = await admin.post("/manage?index", { intent: "create-category", name: "Fresh Ceilings" });
    expect(created.status).toBe(200);
    const next = await returning(server.baseURL, "/");
    expect(next.cache).toBe("miss");
    expect(next.html).toContain("Fresh Ceilings");
  });

  it("keeps no other spelling of an address: hundreds of them neither are kept nor push the real pages out (issue 19, item 1)", async () => {
    // The tests above end with first visits, counted in memory and written by the next half-second flush. A page
    // kept before that write shows one less than the new count and is rendered again 5 s later, which would read
    // as a miss below on a slow machine: let the flush happen first.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    // A page no test above has asked for, so it is rendered now (a kept page lasts a minute at most).
    expect((await returning(server.baseURL, "/privacy")).cache).toBe("miss");
    const kept = await returning(server.baseURL, "/privacy");
    expect(kept.cache).toBe("hit");
    const random = () => Math.random().toString(36).slice(2);
    const spellings = Array.from({ length: 300 }, (_, i) =>
      [`/?index=${random()}`, "/SERVICES", "/%73ervices", "/services/", `/services.data?_routes=${random()}`, `/?index=&_x=${random()}`][i % 6]!,
    );
    for (let i = 0; i < spellings.length; i += 20) {
      const pages = await Promise.all(spellings.slice(i, i + 20).map((path) => returning(server.baseURL, path)));
      for (const [j, page] of pages.entries()) {
        // Rendered for the request and answered, never kept nor sent from the cache.
        expect(page.cache, spellings[i + j]).toBeNull();
        if (page.status === 200) expect(page.control, spellings[i + j]).toBe("private, no-store");
      }
    }
    // Asked again, still not kept.
    expect((await returning(server.baseURL, "/SERVICES")).cache).toBeNull();
    const after = await returning(server.baseURL, "/privacy");
    expect(after.cache).toBe("hit");
    // The same render (its compression may have moved from the fast level to the best meanwhile).
    expect(sameRender(after.etag, kept.etag)).toBe(true);
  });

  it("a forged visited cookie neither makes a kept page render again nor shows a number nobody has (issue 19, item 1)", async () => {
    await returning(server.baseURL, "/aboutme");
    const kept = await returning(server.baseURL, "/aboutme");
    expect(kept.cache).toBe("hit");
    const forged = await returning(server.baseURL, "/aboutme", { cookie: "visited=999999999999" });
    expect(forged.cache).toBe("hit");
    expect(visitorNumber(forged.html)).toBe(visitorNumber(kept.html));
    // A first visit elsewhere raises the count: the kept page now shows less than the latest number. The forged
    // cookie gets the kept page with the latest number spliced in, still without a render.
    const first = await fetch(new URL("/", server.baseURL), { headers: { "user-agent": BROWSER } });
    const latest = visitorNumber(await first.text());
    const again = await returning(server.baseURL, "/aboutme", { cookie: "visited=999999999999" });
    expect(again.cache).toBe("hit");
    expect(visitorNumber(again.html)).toBe(latest);
    // Everybody else still gets the shared copy, which was not replaced.
    const shared = await returning(server.baseURL, "/aboutme");
    expect(shared.cache).toBe("hit");
    expect(sameRender(shared.etag, kept.etag)).toBe(true);
  });

  it("keeps query strings it does not know out of the cache", async () => {
    const tracked = await returning(server.baseURL, "/services?fbclid=abc");
    expect(tracked.status).toBe(200);
    expect(tracked.cache).toBeNull();
    expect(tracked.control).toBe("private, no-store");
  });
});

const pgReason = await postgresUnavailableReason();

describeUnless(
  buildMissingReason() ?? pgReason,
  "anonymous page cache on two servers sharing PostgreSQL",
  () => {
    let database: TestDatabase;
    const servers: RunningServer[] = [];
    let admin: HttpClient;

    beforeAll(async () => {
      database = await createTestDatabase("postgres", { migrate: false });
      const env = { DATABASE_URL: database.url, AUTH_SECRET: "page-cache-two-instances-secret-0123456789" };
      servers.push(await startIsolatedServer(FIRST_PORT!, env));
      servers.push(await startIsolatedServer(SECOND_PORT!, env));
      admin = new HttpClient(servers[0]!.baseURL);
      await createVerifiedUser(admin, servers[0]!.dataDir, "owner@cache-two.test", "page-cache-password-2");
    }, 90_000);
    afterAll(async () => {
      for (const server of servers) await server.stop();
      await database?.destroy();
    });

    it("an edit made through one instance reaches the other's kept pages within a second", async () => {
      const other = servers[1]!.baseURL;
      // The page is kept on the other instance first (a change made while the two were starting, such as the
      // owner's sign-up, may still drop it once; that is not what is measured here).
      await waitFor("the home page kept on the other instance", 5_000, async () => ((await returning(other, "/")).cache === "hit" ? true : null));
      const created = await admin.post("/manage?index", { intent: "create-category", name: "Across Instances" });
      expect(created.status).toBe(200);
      const { ms } = await waitFor("the new category on the other instance", 5_000, async () => {
        const page = await returning(other, "/");
        return page.html.includes("Across Instances") ? page : null;
      });
      expect(ms).toBeLessThan(1_000);
    });

    it("a visit counted by one instance shows on the other's kept pages within a few seconds", async () => {
      const other = servers[1]!.baseURL;
      await returning(other, "/services");
      // On a new database no visit may have been counted yet (every earlier request here was a returning one).
      const before = shownVisitorNumber((await returning(other, "/services")).html);
      const first = await fetch(new URL("/services", servers[0]!.baseURL), { headers: { "user-agent": BROWSER } });
      const counted = visitorNumber(await first.text());
      expect(counted).toBeGreaterThan(before);
      const { ms } = await waitFor("the new visitor number on the other instance", 10_000, async () => {
        const page = await returning(other, "/services");
        return shownVisitorNumber(page.html) >= counted ? page : null;
      });
      expect(ms).toBeLessThan(6_000);
    }, 20_000);
  },
);
