import { AsyncLocalStorage } from "node:async_hooks";
import type { NextFunction, Request, Response } from "express";

const current = new AsyncLocalStorage<Response>();

/** Remembers each request's response for forwardSetCookies, for everything the request handler runs. */
export function responseCookies() {
  return (_req: Request, res: Response, next: NextFunction) => current.run(res, next);
}

/**
 * Adds Set-Cookie headers to the response of the request being handled, from code that has no response of its
 * own: Better Auth's session lookup, which renews the session cookie as the session slides. React Router's
 * adapter appends the page's own headers to these, so both reach the browser, on redirects too.
 */
export function forwardSetCookies(headers: Headers | null | undefined): void {
  const res = current.getStore();
  const cookies = headers?.getSetCookie() ?? [];
  if (!res || res.headersSent || cookies.length === 0) return;
  for (const cookie of cookies) res.append("Set-Cookie", cookie);
}
