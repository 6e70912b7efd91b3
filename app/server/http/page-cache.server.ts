import { LRUCache } from "lru-cache";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

import { type SplicedParts, compressBrotliParts, compressParts, splitAtNumber, splicedGzip } from "./spliced-page.server";

/**
 * Rendered pages kept for visitors without a session: each body stored once in full and compressed, with strong
 * ETags. On the request path a page is compressed at fast levels (Brotli 5, gzip 6: about a millisecond or two);
 * the best levels (Brotli 11, gzip 9: 60-150 ms of CPU for a large page) are applied later, off the request path,
 * one page at a time, by a bounded queue (best-compression.server.ts), and only to pages that are kept. A page
 * showing the visitor number is also held in two parts around it (spliced-page.server.ts), so a first visitor is
 * sent it with their own number without a render. Which requests may use it and when a page is stale is decided
 * by the page handler (page-handler.server.ts) and page-freshness.server.ts; this module only holds and prepares.
 */

export type Encoding = "br" | "gzip" | "identity";

export type CachedPage = {
  status: number;
  /** The rendered response's own headers to send again (never Set-Cookie, lengths or encodings). */
  headers: [string, string][];
  bodies: Record<Encoding, Buffer>;
  /** One strong ETag per encoding: each is a different representation of the page. */
  etags: Record<Encoding, string>;
  /** The ETags of the page's fast compressions, once replaced by the best: a browser holding one still gets 304. */
  formerEtags: string[];
  /** Whether the bodies are compressed at the fast levels (on the request path) or the best ones (later). */
  compression: "fast" | "best";
  /** The page in parts around its visitor number, for sending it with another; null when it shows none. */
  spliced: SplicedParts | null;
  /** `'sha256-…'` sources for every inline script, which replace the per-request nonce in the page's CSP. */
  scriptHashes: string;
  /** What the page was rendered from: see page-freshness.server.ts. */
  generation: number;
  /** The visitor number the page shows, when it shows one. */
  visitorNumber: number | null;
  renderedAt: number;
  /** Every header the page first went out with (security headers included), for sending it again directly. */
  sentHeaders?: Record<string, string | string[]>;
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Headers that describe one response's transfer, or belong to one person, rather than the page. */
const NOT_REPLAYED = new Set(["set-cookie", "content-length", "content-encoding", "transfer-encoding", "cache-control", "etag", "vary", "connection"]);

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** The request's CSP nonce on the page's tags: meaningless in a kept page (its policy allows hashes instead). */
const NONCE_ATTRIBUTE = /(<(?:script|link|style)\b[^>]*?) nonce="[A-Za-z0-9+/=]*"/gi;

/** CSP hash sources of the page's inline scripts (those without a src), in order, without repeats. */
export function inlineScriptHashes(html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(match[1] ?? "")) continue;
    hashes.add(`'sha256-${createHash("sha256").update(match[2] ?? "", "utf8").digest("base64")}'`);
  }
  return [...hashes].join(" ");
}

const LEVELS = {
  fast: { br: 5, gzip: 6, tag: { br: "-br5", gzip: "-gz6" } },
  best: { br: zlib.constants.BROTLI_MAX_QUALITY, gzip: zlib.constants.Z_BEST_COMPRESSION, tag: { br: "-br", gzip: "-gz" } },
} as const;

type Compressed = Pick<CachedPage, "bodies" | "etags" | "spliced">;

/** Compresses the body both ways at one set of levels (in the thread pool, off the event loop). */
async function compress(identity: Buffer, visitorNumber: number | null, level: "fast" | "best"): Promise<Compressed> {
  const { br: brQuality, gzip: gzipLevel, tag: suffix } = LEVELS[level];
  const parts = splitAtNumber(identity, visitorNumber);
  const digits = String(visitorNumber).length;
  // The Brotli splice is checked by decoding the page a hundred times, so it is made only with the best compression,
  // in the background; until then a first visit gets the gzip splice.
  const [br, spliced, whole, splicedBr] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: brQuality,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    parts ? compressParts(parts, gzipLevel, digits) : null,
    parts ? null : gzip(identity, { level: gzipLevel }),
    parts && level === "best" ? compressBrotliParts(parts, brQuality, digits) : null,
  ]);
  if (spliced) spliced.br = splicedBr;
  const tag = createHash("sha256").update(identity).digest("base64url").slice(0, 27);
  return {
    bodies: { br, gzip: spliced ? splicedGzip(spliced, visitorNumber!) : whole!, identity },
    etags: { br: `"${tag}${suffix.br}"`, gzip: `"${tag}${suffix.gzip}"`, identity: `"${tag}"` },
    spliced,
  };
}

/** Prepares a rendered page for keeping, compressed at the fast levels, and fingerprints it. */
export async function preparePage(input: {
  status: number;
  headers: Headers;
  body: Buffer;
  generation: number;
  visitorNumber: number | null;
  renderedAt: number;
}): Promise<CachedPage> {
  const isHtml = (input.headers.get("content-type") ?? "").startsWith("text/html");
  const html = isHtml ? input.body.toString("utf8") : "";
  const body = isHtml ? Buffer.from(html.replace(NONCE_ATTRIBUTE, "$1"), "utf8") : input.body;
  const headers: [string, string][] = [];
  for (const [name, value] of input.headers) if (!NOT_REPLAYED.has(name)) headers.push([name, value]);
  return {
    status: input.status,
    headers,
    ...(await compress(body, isHtml ? input.visitorNumber : null, "fast")),
    formerEtags: [],
    compression: "fast",
    scriptHashes: isHtml ? inlineScriptHashes(html) : "",
    generation: input.generation,
    visitorNumber: input.visitorNumber,
    renderedAt: input.renderedAt,
  };
}

/** Compresses a kept page again at the best levels, and swaps the bodies in (a send in progress keeps its own). */
export async function compressBest(page: CachedPage): Promise<void> {
  if (page.compression === "best") return;
  const best = await compress(page.bodies.identity, page.spliced ? page.visitorNumber : null, "best");
  page.formerEtags = [page.etags.br, page.etags.gzip];
  page.bodies = best.bodies;
  page.etags = best.etags;
  page.spliced = best.spliced;
  page.compression = "best";
}

export function pageSize(page: CachedPage): number {
  const parts = page.spliced;
  const spliced = parts
    ? parts.gzBefore.length + parts.gzAfter.length + (parts.gzAfterLinked?.length ?? 0) + (parts.br ? parts.br.before.length + parts.br.after.length : 0)
    : 0;
  return page.bodies.br.length + page.bodies.gzip.length + page.bodies.identity.length + spliced + 300;
}

export type PageCacheLimits = {
  /** All pages together, every encoding counted. */
  maxBytes: number;
  /**
   * Of which the pages after a cursor (`?after=`) and the filtered lists (`?service=`) may take at most this much:
   * any number of them can be asked for, so they can never push the other pages out.
   */
  cursorBytes: number;
  /** A page larger than this (uncompressed) is served but not kept. */
  maxPageBytes: number;
};

/**
 * 20 MB: the site's own pages (about a dozen, each as a document and as data, about 100-250 KB with every
 * encoding) take 2-5 MB; the rest leaves room for many galleries. See docs on memory.
 */
export const DEFAULT_PAGE_CACHE_LIMITS: PageCacheLimits = { maxBytes: 20 * 1024 * 1024, cursorBytes: 4 * 1024 * 1024, maxPageBytes: 1024 * 1024 };

export type PageStore = {
  get(key: string): CachedPage | undefined;
  peek(key: string): CachedPage | undefined;
  set(key: string, page: CachedPage): void;
  keys(): string[];
  /** Bytes held, every encoding counted. */
  size(): number;
};

/**
 * Least recently used pages go first when the byte budget is full. Pages after a cursor (`?after=`) and filtered
 * lists (`?service=`) have a share of the budget of their own: however many of them are asked for, the site's
 * other pages stay.
 */
export function createPageStore(limits: PageCacheLimits = DEFAULT_PAGE_CACHE_LIMITS): PageStore {
  const options = { sizeCalculation: pageSize };
  const pages = new LRUCache<string, CachedPage>({ ...options, maxSize: Math.max(1, limits.maxBytes - limits.cursorBytes) });
  const cursors = new LRUCache<string, CachedPage>({ ...options, maxSize: Math.max(1, limits.cursorBytes) });
  const pick = (key: string) => (/[?&](?:after|service)=/.test(key) ? cursors : pages);
  return {
    get: (key) => pick(key).get(key),
    peek: (key) => pick(key).peek(key),
    set: (key, page) => void pick(key).set(key, page),
    keys: () => [...pages.keys(), ...cursors.keys()],
    size: () => pages.calculatedSize + cursors.calculatedSize,
  };
}

/** Whether an If-None-Match header names this ETag (a list, or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}

/** The ETag of the page's copy the browser holds, if it holds one (this encoding's, or its earlier fast one). */
export function heldEtag(ifNoneMatch: string | undefined, page: CachedPage, encoding: Encoding): string | null {
  if (matchesEtag(ifNoneMatch, page.etags[encoding])) return page.etags[encoding];
  const suffix = encoding === "br" ? "-br5\"" : encoding === "gzip" ? "-gz6\"" : null;
  const former = suffix ? page.formerEtags.find((etag) => etag.endsWith(suffix)) : undefined;
  return former && ifNoneMatch && ifNoneMatch.trim() !== "*" && matchesEtag(ifNoneMatch, former) ? former : null;
}

/** The page's CSP with the request's nonce replaced by the hashes of the page's own inline scripts. */
export function cspForCachedPage(policy: string, scriptHashes: string): string {
  return policy.replace(/ ?'nonce-[^']*'/g, scriptHashes ? ` ${scriptHashes}` : "");
}
