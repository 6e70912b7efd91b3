import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import type { LRUCache } from "lru-cache";
import { type RouterContextProvider, type ServerBuild, createRequestHandler } from "react-router";
import { hasSessionCookie } from "../auth/guards.server";
import { currentGeneration, latestVisitorCount } from "../pages/page-freshness.server";
import { decideVisit, ownVisitorNumber } from "../visits/visit-policy.server";
import {
  type CachedPage,
  DEFAULT_PAGE_CACHE_LIMITS,
  type Encoding,
  type PageCacheLimits,
  cspForCachedPage,
  matchesEtag,
  preparePage,
} from "./page-cache.server";
import { visitStateContext } from "./request-context.server";

/**
 * React Router's request handler for Express, with the anonymous page cache in front of it.
 *
 * A GET of a page or of a page's data (`.data`, client-side navigation) by a visitor without a session cookie,
 * whose visit is already counted (or who is not counted: bots, prefetches), with no query string but the few a
 * page reads, is served from the cache when a fresh copy is there. Otherwise one request renders it while any
 * others for the same address wait for that render (so a burst after an edit renders once), and the result is kept
 * if it is a plain 200 page meant for anybody (no Set-Cookie, no `private`/`no-store` from the route).
 *
 * A kept page is fresh while nothing it shows has changed (page-freshness.server.ts), for at most a minute (so
 * anything time-bound in it, like the quote form's signed timestamp, stays young), and while the visitor number it
 * shows is current, or a few seconds old at most. A visitor's first page view is never served from the cache: it
 * counts the visit, so the number it shows includes them; the `visited` cookie then holds that number, and a kept
 * page showing less is never sent to that browser.
 *
 * Everything else (signed-in pages, first visits, actions, resource routes) is rendered each time as before, and
 * pages rendered for a session are marked `private, no-store`.
 *
 * Converting between Express and Fetch follows @react-router/express, which does not export those parts.
 */

export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
export const PRIVATE_CACHE_CONTROL = "private, no-store";
/** A kept page is rendered again at least this often, whatever happens. */
export const PAGE_MAX_AGE_MS = 60_000;
/** How old the visitor number on a kept page may be once a higher one has been counted. */
export const VISITOR_NUMBER_LAG_MS = 5_000;

/** The query parameters a cacheable page may have: gallery and project paging, the projects' and reviews' service filter and React Router's data requests. */
const CACHEABLE_PARAMS = new Set(["after", "service", "_routes", "index"]);
const MAX_CACHEABLE_URL = 512;
const PAGE_TYPES = /^text\/(html|x-script)\b/i;

export type PageHandlerOptions = {
  build: () => Promise<ServerBuild>;
  mode: string;
  getLoadContext: (req: express.Request, res: express.Response) => RouterContextProvider;
  /** The kept pages; null switches the cache off (development). */
  store: LRUCache<string, CachedPage> | null;
  limits?: PageCacheLimits;
};

export type PageHandler = {
  /**
   * Serves fresh kept pages as early as possible in the middleware chain (after the request log and the page-view
   * count, before the static-file lookup and the per-request security headers, which the kept page carries as they
   * were first sent). Passes everything else on.
   */
  front: express.RequestHandler;
  /** React Router's handler: renders, and fills the cache. */
  handler: express.RequestHandler;
};

export function createPageHandler(options: PageHandlerOptions): PageHandler {
  const handle = createRequestHandler(options.build, options.mode);
  const limits = options.limits ?? DEFAULT_PAGE_CACHE_LIMITS;
  const store = options.store;
  const flights = new Map<string, Promise<CachedPage | null>>();

  async function render(req: express.Request, res: express.Response, request: Request): Promise<void> {
    const response = await handle(request, options.getLoadContext(req, res));
    await sendResponse(res, markPrivate(response));
  }

  /** Renders the page once for everybody waiting on this address, keeps it if it may be kept, and sends it. */
  async function renderShared(req: express.Request, res: express.Response, request: Request, key: string): Promise<void> {
    const generation = currentGeneration();
    const flightKey = `${generation} ${key}`;
    const pending = flights.get(flightKey);
    if (pending) {
      const page = await pending;
      return page ? sendPage(req, res, page, false) : render(req, res, request);
    }
    let settle: (page: CachedPage | null) => void = () => {};
    flights.set(flightKey, new Promise((resolve) => (settle = resolve)));
    try {
      const context = options.getLoadContext(req, res);
      const renderedAt = Date.now();
      const response = await handle(request, context);
      if (!isShareable(response)) {
        settle(null);
        return await sendResponse(res, markPrivate(response));
      }
      const body = Buffer.from(await response.arrayBuffer());
      const page = await preparePage({
        status: response.status,
        headers: response.headers,
        body,
        generation,
        visitorNumber: context.get(visitStateContext).shownNumber,
        renderedAt,
      });
      // A change written while this page rendered may be missing from it: serve it to those who asked, keep it not.
      if (generation === currentGeneration() && body.length <= limits.maxPageBytes) store?.set(key, page);
      settle(page);
      sendPage(req, res, page, false);
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      flights.delete(flightKey);
    }
  }

  /** The kept page this request may be sent, if any: fresh, showing at least its own number, not a visit to count. */
  function keptFor(req: express.Request, key: string): CachedPage | undefined {
    const kept = store?.get(key);
    if (!kept || !isFresh(kept, Date.now()) || !showsOwnNumber(kept, req)) return undefined;
    return decideVisit(nodeRequest(req)) === "count" ? undefined : kept;
  }

  const handler: express.RequestHandler = async (req, res, next) => {
    try {
      const key = store ? cacheKey(req) : null;
      const request = toFetchRequest(req, res);
      if (key === null || decideVisit(request) === "count") return await render(req, res, request);
      const kept = keptFor(req, key);
      if (kept) return sendPage(req, res, kept, true);
      // A HEAD renders no body, so it cannot fill the cache.
      if (req.method === "HEAD") return await render(req, res, request);
      await renderShared(req, res, request, key);
    } catch (error) {
      next(error);
    }
  };

  const front: express.RequestHandler = (req, res, next) => {
    const key = store ? cacheKey(req) : null;
    const kept = key === null ? undefined : keptFor(req, key);
    if (!kept?.sentHeaders) return next();
    writePage(req, res, kept, kept.sentHeaders, true);
  };

  return { front, handler };
}

/** decideVisit's view of an Express request, without building a Fetch Request. */
function nodeRequest(req: express.Request): { method: string; headers: Pick<Headers, "get"> } {
  return {
    method: req.method,
    headers: {
      get(name: string) {
        const value = req.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
      },
    },
  };
}

/** The cache key of a request that may be served from the cache, or null. */
export function cacheKey(req: Pick<express.Request, "method" | "originalUrl" | "headers">): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (hasSessionCookie(req.headers.cookie)) return null;
  const url = req.originalUrl;
  if (url.length > MAX_CACHEABLE_URL || !url.startsWith("/") || url.startsWith("//")) return null;
  const query = url.indexOf("?");
  if (query >= 0) {
    for (const name of new URLSearchParams(url.slice(query + 1)).keys()) if (!CACHEABLE_PARAMS.has(name)) return null;
  }
  return url;
}

export function isFresh(page: CachedPage, now: number): boolean {
  if (page.generation !== currentGeneration()) return false;
  const age = now - page.renderedAt;
  if (age >= PAGE_MAX_AGE_MS || age < 0) return false;
  if (page.visitorNumber !== null && page.visitorNumber < latestVisitorCount() && age >= VISITOR_NUMBER_LAG_MS) return false;
  return true;
}

/** Whether a kept page shows at least the visitor number this browser was first shown (its `visited` cookie). */
function showsOwnNumber(page: CachedPage, req: express.Request): boolean {
  return page.visitorNumber === null || page.visitorNumber >= ownVisitorNumber(req.headers.cookie);
}

/** A page or page data not kept for everybody is for this request alone, unless its route said otherwise. */
function markPrivate(response: Response): Response {
  if (!PAGE_TYPES.test(response.headers.get("content-type") ?? "") || response.headers.has("cache-control")) return response;
  try {
    response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    return response;
  } catch {
    // Immutable headers (Response.redirect and the like): send a copy that can carry the header.
    const copy = new Response(response.body, response);
    copy.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    return copy;
  }
}

/** A 200 page or page data meant for anybody. */
function isShareable(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (!PAGE_TYPES.test(response.headers.get("content-type") ?? "")) return false;
  if (response.headers.getSetCookie().length > 0) return false;
  return !/\b(private|no-store)\b/i.test(response.headers.get("cache-control") ?? "");
}

/**
 * Brotli whenever the browser takes it, then gzip. Not `req.acceptsEncodings`, which picks the browser's first
 * listed among equals: Chromium sends "gzip, deflate, br, zstd" and was sent the gzip copy, half as large again.
 */
function pickEncoding(req: express.Request): Encoding {
  if (req.acceptsEncodings("br") === "br") return "br";
  return req.acceptsEncodings("gzip") === "gzip" ? "gzip" : "identity";
}

/** Headers that differ between two sends of one kept page. */
const PER_SEND = new Set(["etag", "content-encoding", "content-length", "date", "set-cookie", "x-page-cache"]);

/** Sends a kept page through the whole middleware chain, and remembers the headers it went out with. */
function sendPage(req: express.Request, res: express.Response, page: CachedPage, hit: boolean): void {
  if (res.destroyed || res.writableEnded) return;
  for (const [name, value] of page.headers) res.setHeader(name, value);
  const policy = res.getHeader("Content-Security-Policy");
  if (typeof policy === "string") res.setHeader("Content-Security-Policy", cspForCachedPage(policy, page.scriptHashes));
  res.setHeader("Cache-Control", SHARED_CACHE_CONTROL);
  // Not `Cookie`: every returning visitor's cookie differs (it holds their number), so a shared cache in front
  // could then keep nothing for two people. It must instead pass requests with the session cookie through
  // (docs/deploy.md); pages for a session are `private, no-store` and are never stored by it.
  res.setHeader("Vary", "Accept-Encoding");
  if (!page.sentHeaders) {
    const sent: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value !== undefined && !PER_SEND.has(name)) sent[name] = typeof value === "number" ? String(value) : value;
    }
    page.sentHeaders = sent;
  }
  writePage(req, res, page, {}, hit);
}

/**
 * Writes a kept page (or 304 when the browser holds this copy). `X-Page-Cache` says whether it was kept from an
 * earlier request (`hit`) or rendered for this one (`miss`): for operators checking a cache in front, and tests.
 */
function writePage(req: express.Request, res: express.Response, page: CachedPage, headers: Record<string, string | string[]>, hit: boolean): void {
  const encoding = pickEncoding(req);
  const body = page.bodies[encoding];
  const etag = page.etags[encoding];
  const state = hit ? "hit" : "miss";
  if (matchesEtag(req.headers["if-none-match"], etag)) {
    res.writeHead(304, { ...headers, ETag: etag, "X-Page-Cache": state });
    res.end();
    return;
  }
  res.writeHead(page.status, {
    ...headers,
    "X-Page-Cache": state,
    ETag: etag,
    "Content-Length": String(body.length),
    ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

function toFetchRequest(req: express.Request, res: express.Response): Request {
  const [, forwardedPort] = req.app?.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((value) => Number.parseInt(value ?? "", 10)).find(Number.isSafeInteger) ?? "";
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  const controller = new AbortController();
  let finished = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => {
    if (!finished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else if (values) headers.set(name, values);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function sendResponse(res: express.Response, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
