import type { NextFunction, Request, Response } from "express";

/** Request header carrying the client address as Express resolved it (trusting only local proxies). */
export const CLIENT_IP_HEADER = "x-site-client-ip";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests from other sites (CSRF): the Origin must be this site's public
 * address or the address the request came in on. A request with cookies but no Origin is refused
 * too; browsers always send Origin on such requests, so only forged or scripted ones lack it.
 */
export function originCheck(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const own = `${req.protocol}://${req.get("host")}`;
    const ok = origin ? origin === publicOrigin || origin === own : !req.get("cookie") && req.get("sec-fetch-site") !== "cross-site";
    if (ok) return next();
    res.status(403).type("text/plain").send("Cross-site request refused");
  };
}
