import { LRUCache } from "lru-cache";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * Rendered pages kept for visitors without a session: each body stored once in full and compressed once, at
 * Brotli's and gzip's best, with strong ETags. Which requests may use it and when a page is stale is decided by
 * the page handler (page-handler.server.ts) and page-freshness.server.ts; this module only holds and prepares.
 */

export type Encoding = "br" | "gzip" | "identity";

export type CachedPage = {
  status: number;
  /** The rendered response's own headers to send again (never Set-Cookie, lengths or encodings). */
  headers: [string, string][];
  bodies: Record<Encoding, Buffer>;
  /** One strong ETag per encoding: each is a different representation of the page. */
  etags: Record<Encoding, string>;
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

/** CSP hash sources of the page's inline scripts (those without a src), in order, without repeats. */
export function inlineScriptHashes(html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(match[1] ?? "")) continue;
    hashes.add(`'sha256-${createHash("sha256").update(match[2] ?? "", "utf8").digest("base64")}'`);
  }
  return [...hashes].join(" ");
}

/** Compresses the body both ways (in the thread pool, off the event loop) and fingerprints it. */
export async function preparePage(input: {
  status: number;
  headers: Headers;
  body: Buffer;
  generation: number;
  visitorNumber: number | null;
  renderedAt: number;
}): Promise<CachedPage> {
  const { body } = input;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const tag = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  const headers: [string, string][] = [];
  for (const [name, value] of input.headers) if (!NOT_REPLAYED.has(name)) headers.push([name, value]);
  const isHtml = (input.headers.get("content-type") ?? "").startsWith("text/html");
  return {
    status: input.status,
    headers,
    bodies: { br, gzip: gz, identity: body },
    etags: { br: `"${tag}-br"`, gzip: `"${tag}-gz"`, identity: `"${tag}"` },
    scriptHashes: isHtml ? inlineScriptHashes(body.toString("utf8")) : "",
    generation: input.generation,
    visitorNumber: input.visitorNumber,
    renderedAt: input.renderedAt,
  };
}

export function pageSize(page: CachedPage): number {
  return page.bodies.br.length + page.bodies.gzip.length + page.bodies.identity.length + 200;
}

export type PageCacheLimits = {
  /** All pages together, every encoding counted. */
  maxBytes: number;
  /** A page larger than this (uncompressed) is served but not kept. */
  maxPageBytes: number;
};

export const DEFAULT_PAGE_CACHE_LIMITS: PageCacheLimits = { maxBytes: 48 * 1024 * 1024, maxPageBytes: 1024 * 1024 };

/** Least recently used pages go first when the byte budget is full. */
export function createPageStore(limits: PageCacheLimits = DEFAULT_PAGE_CACHE_LIMITS): LRUCache<string, CachedPage> {
  return new LRUCache<string, CachedPage>({ maxSize: limits.maxBytes, sizeCalculation: pageSize });
}

/** Whether an If-None-Match header names this ETag (a list, or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}

/** The page's CSP with the request's nonce replaced by the hashes of the page's own inline scripts. */
export function cspForCachedPage(policy: string, scriptHashes: string): string {
  return policy.replace(/ ?'nonce-[^']*'/g, scriptHashes ? ` ${scriptHashes}` : "");
}
