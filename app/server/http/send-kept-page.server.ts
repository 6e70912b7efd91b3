import type express from "express";
import { type CachedPage, type Encoding, cspForCachedPage, heldEtag } from "./page-cache.server";
import { splicedBrotli, splicedGzip, splicedIdentity } from "./spliced-page.server";

export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * How a kept page goes to one browser when it is not the shared copy: a first visitor's (counted, with the cookie
 * that remembers their number) or one spliced with a later visitor number than the copy shows. Such a response
 * is for this browser alone: `private, no-store`, no ETag.
 */
export type PersonalSend = { number: number | null; cookie: string | null };

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
export function sendPage(req: express.Request, res: express.Response, page: CachedPage, hit: boolean, personal?: PersonalSend): void {
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
  writePage(req, res, page, {}, hit, personal);
}

/**
 * Writes a kept page (or 304 when the browser holds this copy). `X-Page-Cache` says whether it was kept from an
 * earlier request (`hit`) or rendered for this one (`miss`): for operators checking a cache in front, and tests.
 */
export function writePage(
  req: express.Request,
  res: express.Response,
  page: CachedPage,
  headers: Record<string, string | string[]>,
  hit: boolean,
  personal?: PersonalSend,
): void {
  const state = hit ? "hit" : "miss";
  if (personal) {
    const { body, encoding } = personalBody(req, page, personal.number);
    res.writeHead(page.status, {
      ...headers,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "X-Page-Cache": state,
      "Content-Length": String(body.length),
      ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
      ...(personal.cookie ? { "Set-Cookie": personal.cookie } : {}),
    });
    res.end(req.method === "HEAD" ? undefined : body);
    return;
  }
  const encoding = pickEncoding(req);
  const body = page.bodies[encoding];
  const held = heldEtag(req.headers["if-none-match"], page, encoding);
  if (held) {
    res.writeHead(304, { ...headers, ETag: held, "X-Page-Cache": state });
    res.end();
    return;
  }
  res.writeHead(page.status, {
    ...headers,
    "X-Page-Cache": state,
    ETag: page.etags[encoding],
    "Content-Length": String(body.length),
    ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * The page as it is, or with another visitor number spliced in: in Brotli when the browser takes it and the page
 * has a Brotli form for a number this long, else gzipped when it takes gzip.
 */
function personalBody(req: express.Request, page: CachedPage, number: number | null): { body: Buffer; encoding: Encoding } {
  const encoding = pickEncoding(req);
  if (number === null || !page.spliced) return { body: page.bodies[encoding], encoding };
  const br = encoding === "br" ? splicedBrotli(page.spliced, number) : null;
  if (br) return { body: br, encoding: "br" };
  if (req.acceptsEncodings("gzip") === "gzip") return { body: splicedGzip(page.spliced, number), encoding: "gzip" };
  return { body: splicedIdentity(page.spliced, number), encoding: "identity" };
}
