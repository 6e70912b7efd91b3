import type express from "express";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { createRequestHandler } from "react-router";
import { hasSessionCookie } from "../auth/guards.server";
import { getEnv } from "../env.server";
import { currentGeneration, latestVisitorCount } from "../pages/page-freshness.server";
import { countVisit } from "../visits/visit-counter.server";
import { decideVisit, ownVisitorNumber, visitedCookieHeader } from "../visits/visit-policy.server";
import { type BestCompressionQueue, createBestCompressionQueue } from "./best-compression.server";
import { type AddressRules, createAddressRules } from "./canonical-address.server";
import { nodeRequest, sendResponse, toFetchRequest } from "./express-fetch.server";
import { type CachedPage, DEFAULT_PAGE_CACHE_LIMITS, type PageCacheLimits, type PageStore, preparePage } from "./page-cache.server";
import { visitStateContext } from "./request-context.server";
import { PRIVATE_CACHE_CONTROL, SHARED_CACHE_CONTROL, sendPage, writePage } from "./send-kept-page.server";

export { PRIVATE_CACHE_CONTROL, SHARED_CACHE_CONTROL };

/**
 * React Router's request handler for Express, with the anonymous page cache in front of it.
 *
 * A GET of a page or of a page's data (`.data`, client-side navigation) by a visitor without a session cookie, at
 * the page's one canonical address (canonical-address.server.ts), is served from the cache when a fresh copy is
 * there. Otherwise one request renders it while any others for the same address wait for that render (so a burst
 * after an edit, or of first visits, renders once), and the result is kept if it is a plain 200 page meant for
 * anybody (no Set-Cookie, no `private`/`no-store` from the route). Other spellings of an address are rendered
 * for the request and never kept, so they cannot crowd the real pages out.
 *
 * A kept page is fresh while nothing it shows has changed (page-freshness.server.ts), for at most a minute (so
 * anything time-bound in it, like the quote form's signed timestamp, stays young), and while the visitor number it
 * shows is current, or a few seconds old at most. A visitor's first page view is counted here (in memory,
 * visit-counter.server.ts) and sent the kept page with their own number spliced into the footer
 * (spliced-page.server.ts), with the `visited` cookie that remembers it; a later view from that browser that finds
 * a kept copy showing less gets the copy with the latest number spliced in. The cookie's number is never trusted
 * above the latest count, so a forged one cannot make kept pages useless.
 *
 * Everything else (signed-in pages, actions, resource routes, other spellings) is rendered each time as before,
 * and pages rendered for a session are marked `private, no-store`.
 *
 * Converting between Express and Fetch follows @react-router/express, which does not export those parts.
 */

/** A kept page is rendered again at least this often, whatever happens. */
export const PAGE_MAX_AGE_MS = 60_000;
/** How old the visitor number on a kept page may be once a higher one has been counted. */
export const VISITOR_NUMBER_LAG_MS = 5_000;
/** Page data showing less than a browser's own number is rendered again for it at most this often per address. */
const OWN_NUMBER_RENDER_MS = 1_000;
const PAGE_TYPES = /^text\/(html|x-script)\b/i;

export type PageHandlerOptions = {
  build: () => Promise<ServerBuild>;
  mode: string;
  getLoadContext: (req: express.Request, res: express.Response) => RouterContextProvider;
  /** The kept pages; null switches the cache off (development). */
  store: PageStore | null;
  limits?: PageCacheLimits;
  /** GET renders at once; the rest wait (default DEFAULT_MAX_RENDERS). */
  maxRenders?: number;
};

export const DEFAULT_MAX_RENDERS = 4;

/** Runs at most `limit` tasks at once, the others in the order they came. */
function createGate(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

export type PageHandler = {
  /**
   * Serves fresh kept pages as early as possible in the middleware chain (after the request log and the page-view
   * count, before the static-file lookup and the per-request security headers, which the kept page carries as they
   * were first sent). Passes everything else on.
   */
  front: express.RequestHandler;
  /** React Router's handler: renders, and fills the cache. */
  handler: express.RequestHandler;
  /** The best-level compression queue (tests and benchmarks wait for it). */
  compression: BestCompressionQueue | null;
};

export function createPageHandler(options: PageHandlerOptions): PageHandler {
  const handle = createRequestHandler(options.build, options.mode);
  const limits = options.limits ?? DEFAULT_PAGE_CACHE_LIMITS;
  const store = options.store;
  const compression = store ? createBestCompressionQueue(store) : null;
  const flights = new Map<string, Promise<CachedPage | null>>();
  let rules: AddressRules | null = null;
  if (store) void options.build().then((build) => (rules = createAddressRules(build.routes)));

  const keyOf = (req: express.Request) => (store && rules ? cacheKey(req, rules) : null);

  // Renders of GETs wait their turn beyond a few at once: rendering is CPU-bound, so more at once only holds more
  // pages in memory (a render of the 1,000-photo gallery holds several MB until it is sent). Posts are not held
  // back: an upload arriving slowly must not keep a page from rendering.
  const gate = createGate(options.maxRenders ?? DEFAULT_MAX_RENDERS);
  const handleGet = (request: Request, context: RouterContextProvider) =>
    request.method === "GET" || request.method === "HEAD" ? gate(() => handle(request, context)) : handle(request, context);

  async function render(req: express.Request, res: express.Response, request: Request): Promise<void> {
    const response = await handleGet(request, options.getLoadContext(req, res));
    await sendResponse(res, markPrivate(response));
  }

  /**
   * Sends a kept or just-rendered page to this request, if it may have it: a first visit is counted and gets its
   * own number; a browser that was shown a later number than the page's gets the latest. False when the request
   * must be rendered instead. `direct` writes the headers the page first went out with (from `front`).
   */
  function deliver(req: express.Request, res: express.Response, page: CachedPage, hit: boolean, direct: boolean): boolean {
    const send = (personal?: { number: number | null; cookie: string | null }) =>
      direct && page.sentHeaders ? writePage(req, res, page, page.sentHeaders, hit, personal) : sendPage(req, res, page, hit, personal);
    if (decideVisit(nodeRequest(req)) === "count") {
      // A page that shows a number it cannot replace is rendered for the visitor, as it would show the old one.
      if (!page.spliced && page.visitorNumber !== null) return false;
      const number = countVisit();
      send({ number, cookie: visitedCookieHeader(number, getEnv().publicUrl.startsWith("https:")) });
      return true;
    }
    // Clamped to the latest count: a forged or pre-restore cookie cannot ask for a number nobody has.
    const latest = latestVisitorCount();
    const own = Math.min(ownVisitorNumber(req.headers.cookie), latest);
    if (page.visitorNumber === null || page.visitorNumber >= own) {
      send();
    } else if (page.spliced) {
      send({ number: latest, cookie: null });
    } else if (isPageData(page) && Date.now() - page.renderedAt < OWN_NUMBER_RENDER_MS) {
      send();
    } else {
      return false;
    }
    return true;
  }

  /** Renders the page once for everybody waiting on this address, keeps it if it may be kept, and sends it. */
  async function renderShared(req: express.Request, res: express.Response, request: Request, key: string): Promise<void> {
    const generation = currentGeneration();
    const flightKey = `${generation} ${key}`;
    const pending = flights.get(flightKey);
    if (pending) {
      const page = await pending;
      if (page && deliver(req, res, page, false, false)) return;
      return render(req, res, request);
    }
    let settle: (page: CachedPage | null) => void = () => {};
    flights.set(flightKey, new Promise((resolve) => (settle = resolve)));
    try {
      const context = options.getLoadContext(req, res);
      // Kept for everybody, so it counts nobody: first visitors are counted as it is sent to each (deliver).
      context.get(visitStateContext).countLater = true;
      const renderedAt = Date.now();
      const response = await handleGet(request, context);
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
      if (generation === currentGeneration() && body.length <= limits.maxPageBytes && store) {
        store.set(key, page);
      }
      settle(page);
      if (!deliver(req, res, page, false, false)) await render(req, res, request);
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      flights.delete(flightKey);
    }
  }

  /**
   * A kept page sent again is compressed at the best level in the background (once). Not when it is kept: on a quiet
   * site a page is often rendered again before anyone asks for it twice (a first visit makes it stale within seconds),
   * and the best compression, a few hundred milliseconds of processor time with the Brotli splice's check, would
   * then compete with the photos and scripts of the very visit that rendered it, for nothing.
   */
  const sentAgain = (key: string, page: CachedPage): void => {
    if (page.compression === "fast") compression?.add(key, page);
  };

  /** The fresh kept page for this address, if any. */
  function fresh(key: string): CachedPage | undefined {
    const kept = store?.get(key);
    return kept && isFresh(kept, Date.now()) ? kept : undefined;
  }

  const handler: express.RequestHandler = async (req, res, next) => {
    try {
      const key = keyOf(req);
      const request = toFetchRequest(req, res);
      if (key === null) return await render(req, res, request);
      const kept = fresh(key);
      if (kept && deliver(req, res, kept, true, false)) return sentAgain(key, kept);
      // A HEAD renders no body, so it cannot fill the cache. A first visit the kept page cannot be spliced for is
      // rendered for the visitor (and counted there), and leaves the kept page in place.
      if (req.method === "HEAD" || (kept && decideVisit(request) === "count")) return await render(req, res, request);
      await renderShared(req, res, request, key);
    } catch (error) {
      next(error);
    }
  };

  const front: express.RequestHandler = (req, res, next) => {
    const key = keyOf(req);
    const kept = key === null ? undefined : fresh(key);
    if (!kept?.sentHeaders || !deliver(req, res, kept, true, true)) return next();
    sentAgain(key!, kept);
  };

  return { front, handler, compression };
}

/** The cache key of a request that may be served from the cache (its address, when canonical), or null. */
export function cacheKey(req: Pick<express.Request, "method" | "originalUrl" | "headers">, rules: AddressRules): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (hasSessionCookie(req.headers.cookie)) return null;
  return rules.isCanonical(req.originalUrl) ? req.originalUrl : null;
}

export function isFresh(page: CachedPage, now: number): boolean {
  if (page.generation !== currentGeneration()) return false;
  const age = now - page.renderedAt;
  if (age >= PAGE_MAX_AGE_MS || age < 0) return false;
  if (page.visitorNumber !== null && page.visitorNumber < latestVisitorCount() && age >= VISITOR_NUMBER_LAG_MS) return false;
  return true;
}

/** React Router's data for a client-side navigation, rather than a document. */
function isPageData(page: CachedPage): boolean {
  return page.headers.some(([name, value]) => name === "content-type" && value.startsWith("text/x-script"));
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
