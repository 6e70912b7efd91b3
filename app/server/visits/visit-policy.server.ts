import { isbot } from "isbot";

/** The visitor counter's policy: which page views count, and the session cookie that marks a browser as counted. */

/** A session cookie (no Max-Age): the browser drops it when the browsing session ends. */
export const VISITED_COOKIE = "visited";

export type VisitDecision = "count" | "read";

/**
 * Decides whether a request is the first page view of a browser session that should be counted.
 * Bots, prefetches and non-document requests only read the counter.
 */
export function decideVisit(request: { method: string; headers: Pick<Headers, "get"> }): VisitDecision {
  if (request.method !== "GET") return "read";
  const cookies = request.headers.get("cookie") ?? "";
  if (cookies.split(/;\s*/).some((c) => c.startsWith(`${VISITED_COOKIE}=`))) return "read";
  const agent = request.headers.get("user-agent") ?? "";
  if (agent === "" || isbot(agent)) return "read";
  const purpose = `${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""}`;
  if (/prefetch|prerender/i.test(purpose)) return "read";
  return "count";
}

/**
 * The cookie's value is the visitor number the browser's first page showed, so a page kept for everybody is only
 * sent to this browser while it shows that number or a later one (a visitor never sees their number go down).
 */
export function visitedCookieHeader(visitorNumber: number, secure: boolean): string {
  return `${VISITED_COOKIE}=${visitorNumber}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

const OWN_NUMBER = new RegExp(`(?:^|;\\s*)${VISITED_COOKIE}=(\\d{1,15})(?:;|$)`);

/** The visitor number this browser was first shown (0 when its cookie has none, as older cookies had 1). */
export function ownVisitorNumber(cookieHeader: string | null | undefined): number {
  const match = OWN_NUMBER.exec(cookieHeader ?? "");
  return match ? Number(match[1]) : 0;
}
