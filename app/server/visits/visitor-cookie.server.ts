import { isbot } from "isbot";

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

export function visitedCookieHeader(secure: boolean): string {
  return `${VISITED_COOKIE}=1; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
