import type { NextFunction, Request, Response } from "express";

/** Request header carrying the client address as Express resolved it (trusting only local proxies). */
export const CLIENT_IP_HEADER = "x-site-client-ip";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

type RequestHeaders = { method: string; protocol: string; get(name: string): string | undefined };

/**
 * Whether a state-changing request comes from this site's own pages (the CSRF check):
 * - an Origin header must be this site's public address or the address the request came in on;
 * - `Origin: null` is what a browser sends for a plain form post when the page's referrer policy is
 *   `no-referrer`; it is accepted only when the browser's own `Sec-Fetch-Site` says `same-origin` (a header
 *   no page can set), so a sandboxed frame or another site's page cannot pass it;
 * - with no Origin at all, a request carrying cookies is refused (browsers send Origin on such requests, so
 *   only forged or scripted ones lack it), and so is anything the browser marks as cross-site.
 */
export function isSameOriginRequest(req: RequestHeaders, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(req.method)) return true;
  const origin = req.get("origin");
  const site = req.get("sec-fetch-site");
  if (origin === "null") return site === "same-origin";
  if (origin) return origin === publicOrigin || origin === `${req.protocol}://${req.get("host")}`;
  return !req.get("cookie") && site !== "cross-site" && site !== "same-site";
}

/** Refuses state-changing requests from other sites with 403; see {@link isSameOriginRequest}. */
export function originCheck(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (isSameOriginRequest(req, publicOrigin)) return next();
    res.status(403).type("text/plain").send("Cross-site request refused");
  };
}
