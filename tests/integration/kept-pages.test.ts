import { cpSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import routes from "~/routes";
import { buildMissingReason } from "../setup/build";
import { describeUnless } from "../setup/describe-unless";
import { HttpClient, createVerifiedUser } from "../support/http-client";
import { testPorts } from "../support/ports";
import { type RunningServer, startIsolatedServer } from "../support/server";

// Issue 19, item 2: a page kept for everybody never depends on who asked for it. Two servers on copies of one site
// render every public route (page and page data) for two very different requests; what each then keeps must be the
// same bytes. Were anything of the first request (its Referer, language, browser, cookies) in a kept page, every
// later visitor would be sent it: /signIn used to put the Referer into its return target that way.
const [FIRST_PORT, SECOND_PORT] = testPorts("integration/kept-pages") as [number, number];
const PUBLIC_URL = `http://127.0.0.1:${FIRST_PORT}`;
const SECRET = "kept-pages-independence-secret-0123456789";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** Two requests as different as an anonymous, returning visitor's can be, outside the session. */
const ODD = {
  // On this site, as a forged one would be: an address elsewhere is never a return target anyway.
  referer: `${PUBLIC_URL}/privacy?odd=referer`,
  "accept-language": "fr-FR,fr;q=0.9",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
  cookie: "visited=1; theme=dark; _ga=GA1.2.3; redirectTo=%2Fprofile",
};
const PLAIN = { "accept-language": "en-GB", "user-agent": CHROME, cookie: "visited=1" };

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };

/**
 * Every page of the site map outside the admin area (resource routes are not pages), with a gallery's id for its
 * parameter; the catch-all is left out (a 404 is never kept).
 */
function addresses(entries: RouteEntry[], galleryId: number, prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${prefix}/${entry.path}` : prefix;
    const isPage = (entry.index || entry.path) && !/^routes\/(resources|admin)\//.test(entry.file);
    const own = isPage ? [here || "/"] : [];
    return [...own, ...addresses(entry.children ?? [], galleryId, here)];
  })
    .map((address) => address.replace(/\/:id$/, `/${galleryId}`))
    .filter((address) => !address.includes(":") && !address.includes("*"));
}

async function get(baseURL: string, address: string, headers: Record<string, string>) {
  const response = await fetch(new URL(address, baseURL), { headers: { "accept-encoding": "br, gzip", ...headers }, redirect: "manual" });
  return { status: response.status, cache: response.headers.get("x-page-cache"), body: await response.text() };
}

/**
 * The quote form's signed timestamp, and the no-JavaScript question it implies, are the values made per render
 * (for the time, not for whom; item 9 of the issue makes them per browser): the same mask on both sides.
 */
function maskStamp(body: string): string {
  const stamp = /name="started" value="([^"]+)"|"started","([^"]+)"/.exec(body)?.slice(1).find(Boolean);
  const masked = stamp ? body.replaceAll(stamp, "<stamp>") : body;
  return masked.replace(/What is [a-z]+ plus [a-z]+\?/g, "<question>");
}

describeUnless(buildMissingReason(), "a kept page never depends on who asked for it", () => {
  const servers: RunningServer[] = [];
  let galleryId = 0;

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "kept-pages-"));
    const env = { AUTH_SECRET: SECRET, PUBLIC_URL };
    const setup = await startIsolatedServer(FIRST_PORT, env, { dataDir, keepData: true });
    const admin = new HttpClient(setup.baseURL);
    await createVerifiedUser(admin, dataDir, "owner@kept.test", "kept-pages-password-1");
    expect((await admin.post("/manage?index", { intent: "create-category", name: "Kitchens" })).status).toBe(200);
    galleryId = Number(/\/gallery\/(\d+)/.exec(await (await fetch(`${setup.baseURL}/`, { headers: PLAIN })).text())?.[1]);
    // One first visit, so the pages show a visitor number; written to the database when the server stops.
    await (await fetch(`${setup.baseURL}/`, { headers: { "user-agent": CHROME } })).text();
    await setup.stop();
    const copy = mkdtempSync(path.join(os.tmpdir(), "kept-pages-copy-"));
    cpSync(dataDir, copy, { recursive: true });
    servers.push(await startIsolatedServer(FIRST_PORT, env, { dataDir }));
    servers.push(await startIsolatedServer(SECOND_PORT, env, { dataDir: copy }));
  }, 90_000);
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it("every public route's kept page and page data are the same bytes whatever the request that rendered them", async () => {
    expect(galleryId).toBeGreaterThan(0);
    const pages = addresses(routes as RouteEntry[], galleryId);
    expect(pages).toEqual(expect.arrayContaining(["/", "/signIn", "/services", "/contact", `/gallery/${galleryId}`]));
    const [first, second] = servers as [RunningServer, RunningServer];
    const kept: string[] = [];
    for (const page of pages) {
      for (const address of [page, page === "/" ? "/_.data" : `${page}.data`]) {
        // Rendered (and kept, when it may be) for a very different request on each server.
        await get(first.baseURL, address, ODD);
        await get(second.baseURL, address, PLAIN);
        const a = await get(first.baseURL, address, PLAIN);
        const b = await get(second.baseURL, address, ODD);
        expect(b.cache, address).toBe(a.cache);
        if (a.cache !== "hit") continue;
        kept.push(address);
        expect(a.status, address).toBe(200);
        const [x, y] = [maskStamp(a.body), maskStamp(b.body)];
        const at = [...x].findIndex((c, i) => c !== y[i]);
        expect(y, `${address} differs at ${at}: ${x.slice(at - 80, at + 80)} / ${y.slice(at - 80, at + 80)}`).toBe(x);
        // And nothing of the odd request is in it.
        for (const trace of ["odd=referer", "fr-FR", "Firefox", "GA1.2.3", "%2Fprofile"]) expect(a.body, `${address} ${trace}`).not.toContain(trace);
      }
    }
    // The public pages are kept (so the comparison above was made), /signIn among them.
    expect(kept).toEqual(expect.arrayContaining(["/", "/_.data", "/signIn", "/services", "/contact", `/gallery/${galleryId}`, "/privacy"]));
  }, 120_000);
});
