import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import type { Db } from "../db/client.server";
import { type TrafficBatch, addTraffic } from "../db/traffic.server";
import { logger } from "../logger.server";
import { VISITED_COOKIE } from "../visits/visit-policy.server";
import { dayOf } from "../visits/visits.server";
import type { RoutePatterns } from "./route-pattern.server";

/**
 * Page views for the owner's dashboard, counted where every response passes (Express), not in React rendering,
 * so a page served from a cache still counts. Kept as per-day aggregates only: views and new visits per day,
 * views per path, views per referring host. No address, no cookie of its own, nothing per person.
 *
 * What counts: a GET answered 200 (or 304, revalidated) with an HTML page (a document load), or a GET of a page's `.data` (React
 * Router's client-side navigation), from a browser (not a bot by isbot, not a prefetch), outside /manage. A data
 * request counts as a view of its page but never as a new visit or a referral: its referrer is this site.
 * A visit is a document load without the `visited` session cookie (the root loader sets it on the first page).
 * A page is counted under its route's pattern (route-pattern.server), not under the address as typed.
 */

export type PageView = { day: string; path: string; visit: boolean; referrerHost: string | null };

export type ViewRequest = {
  method: string;
  /** Path and query as requested. */
  url: string;
  status: number;
  contentType: string;
  userAgent: string;
  referer: string;
  cookie: string;
  purpose: string;
  /** This site's own host names, so internal links are not counted as referrals. */
  ownHosts: string[];
};

const MAX_PATH = 200;

function pagePath(url: string, patternOf: RoutePatterns): { path: string; data: boolean } | null {
  const pathname = url.split("?")[0] ?? "";
  if (!pathname.startsWith("/") || pathname.length > MAX_PATH + 10) return null;
  const data = pathname.endsWith(".data");
  const page = !data ? pathname : pathname === "/_root.data" ? "/" : pathname.slice(0, -".data".length);
  const pattern = patternOf(page);
  return pattern === null ? null : { path: pattern, data };
}

function referrerHost(referer: string, ownHosts: string[]): string | null {
  if (referer === "") return null;
  let host: string;
  try {
    const url = new URL(referer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    host = url.hostname.toLowerCase();
  } catch {
    return null;
  }
  if (ownHosts.includes(host) || host.length > 100) return null;
  return host.replace(/^www\./, "");
}

/** Whether and how one response counts; null when it does not. */
export function classifyView(request: ViewRequest, patternOf: RoutePatterns, now = new Date()): PageView | null {
  // 304: a browser reloading a page it holds (the page cache answers revalidations), a view all the same.
  if (request.method !== "GET" || (request.status !== 200 && request.status !== 304)) return null;
  const page = pagePath(request.url, patternOf);
  if (!page || page.path.length > MAX_PATH) return null;
  if (page.path === "/manage" || page.path.startsWith("/manage/")) return null;
  if (!page.data && !request.contentType.startsWith("text/html")) return null;
  if (request.userAgent === "" || isbot(request.userAgent)) return null;
  if (/prefetch|prerender/i.test(request.purpose)) return null;
  const visited = request.cookie.split(/;\s*/).some((c) => c.startsWith(`${VISITED_COOKIE}=`));
  return {
    day: dayOf(now),
    path: page.path,
    visit: !page.data && !visited,
    referrerHost: page.data ? null : referrerHost(request.referer, request.ownHosts),
  };
}

/** Counts waiting to be written; bounded, so a flood of distinct paths cannot grow memory without end. */
export class TrafficBuffer {
  private days = new Map<string, { visits: number; views: number }>();
  private paths = new Map<string, number>();
  private referrers = new Map<string, number>();
  dropped = 0;

  constructor(private readonly maxKeys = 5_000) {}

  get size(): number {
    return this.days.size + this.paths.size + this.referrers.size;
  }

  add(view: PageView): void {
    const day = this.days.get(view.day) ?? { visits: 0, views: 0 };
    day.views++;
    if (view.visit) day.visits++;
    this.days.set(view.day, day);
    this.bump(this.paths, `${view.day} ${view.path}`);
    if (view.referrerHost) this.bump(this.referrers, `${view.day} ${view.referrerHost}`);
  }

  private bump(map: Map<string, number>, key: string, by = 1): void {
    const count = map.get(key);
    if (count === undefined && this.size >= this.maxKeys) {
      this.dropped += by;
      return;
    }
    map.set(key, (count ?? 0) + by);
  }

  /** Puts back a batch that could not be written, so the next flush tries it again (within the same bound). */
  restore(batch: TrafficBatch): void {
    for (const { day, visits, views } of batch.days) {
      const counts = this.days.get(day) ?? { visits: 0, views: 0 };
      this.days.set(day, { visits: counts.visits + visits, views: counts.views + views });
    }
    for (const { day, path, views } of batch.paths) this.bump(this.paths, `${day} ${path}`, views);
    for (const { day, host, views } of batch.referrers) this.bump(this.referrers, `${day} ${host}`, views);
  }

  /** Hands over everything counted so far and starts empty. */
  take(): TrafficBatch {
    const split = (map: Map<string, number>) =>
      [...map].map(([key, views]) => {
        const space = key.indexOf(" ");
        return { day: key.slice(0, space), key: key.slice(space + 1), views };
      });
    const batch: TrafficBatch = {
      days: [...this.days].map(([day, counts]) => ({ day, ...counts })),
      paths: split(this.paths).map(({ day, key, views }) => ({ day, path: key, views })),
      referrers: split(this.referrers).map(({ day, key, views }) => ({ day, host: key, views })),
    };
    this.days = new Map();
    this.paths = new Map();
    this.referrers = new Map();
    return batch;
  }
}

export type TrafficRecorder = {
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  /** Writes what is buffered (also called every flushMs). */
  flush(): Promise<void>;
  /** Final flush; no more timers. */
  stop(): Promise<void>;
};

/** Counts in memory and writes the aggregates every few seconds, so a page view costs no database write of its own. */
export function createTrafficRecorder(
  db: Db,
  { ownHosts, patternOf, flushMs = 5_000 }: { ownHosts: string[]; patternOf: RoutePatterns; flushMs?: number },
): TrafficRecorder {
  const buffer = new TrafficBuffer();
  let writing: Promise<void> = Promise.resolve();

  const flush = () => {
    writing = writing.then(async () => {
      if (buffer.size === 0) return;
      const batch = buffer.take();
      try {
        await addTraffic(db, batch);
      } catch (error) {
        // The database may be busy or restarting: keep the counts for the next flush rather than lose them.
        buffer.restore(batch);
        logger.warn({ err: error }, "page view counts could not be written; trying again at the next flush");
      }
      if (buffer.dropped > 0) {
        logger.warn({ dropped: buffer.dropped }, "page views not counted: too many distinct paths between flushes");
        buffer.dropped = 0;
      }
    });
    return writing;
  };
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    middleware(req, res, next) {
      if (req.method === "GET") {
        res.once("finish", () => {
          const view = classifyView({
            method: req.method,
            url: req.originalUrl,
            status: res.statusCode,
            contentType: String(res.getHeader("content-type") ?? ""),
            userAgent: req.get("user-agent") ?? "",
            referer: req.get("referer") ?? "",
            cookie: req.get("cookie") ?? "",
            purpose: `${req.get("sec-purpose") ?? ""} ${req.get("purpose") ?? ""}`,
            ownHosts: [...ownHosts, (req.hostname ?? "").toLowerCase()],
          }, patternOf);
          if (view) buffer.add(view);
        });
      }
      next();
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
