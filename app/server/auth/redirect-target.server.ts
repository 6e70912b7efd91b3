import { safeRedirect } from "~/lib/safe-redirect";
import { getEnv } from "../env.server";

/** A redirect target someone sent us (a form field, a query parameter), made safe: a path on this site, or "/". */
export function toSafeRedirect(value: unknown): string {
  return safeRedirect(value, getEnv().publicUrl);
}

/**
 * Where /signIn sends the browser afterwards, as far as the server decides it: `?redirectTo=`, otherwise the home
 * page. Never the Referer: the anonymous /signIn page is kept for everybody (the page cache), so a Referer read
 * here would send every later visitor where the first one came from. The page itself offers the page the
 * visitor came from instead, in the browser (sign-in.tsx). A malformed or foreign value counts as absent.
 */
export function getRedirectTarget(request: Request): string {
  return toSafeRedirect(new URL(request.url).searchParams.get("redirectTo"));
}

/** Query parameters of Better Auth's links that name where to send the browser next. */
const CALLBACK_PARAMS = ["callbackURL", "redirectTo", "errorCallbackURL", "newUserCallbackURL"];

/**
 * Better Auth's own endpoints (the e-mailed verification and reset links) take a callbackURL from the query and
 * check it with rules of their own; the links are public, so anyone can forge one. Every such parameter is put
 * through the site's one rule first: an unsafe target becomes "/".
 */
export function withSafeCallbacks(request: Request): Request {
  const url = new URL(request.url);
  let changed = false;
  for (const name of CALLBACK_PARAMS) {
    const values = url.searchParams.getAll(name);
    if (values.length === 0) continue;
    const safe = toSafeRedirect(values[0]);
    if (values.length === 1 && safe === values[0]) continue;
    url.searchParams.set(name, safe);
    changed = true;
  }
  if (!changed) return request;
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    ...(hasBody ? { body: request.body, duplex: "half" } : {}),
  } as RequestInit);
}
