/** Better Auth's session cookie (with the __Secure- prefix on https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/**
 * Whether the request carries a session cookie, valid or not. Without one there is no session to look up, and the
 * page is the one every visitor gets (see entry.server).
 */
export function hasSessionCookie(request: Request): boolean {
  return SESSION_COOKIE.test(request.headers.get("cookie") ?? "");
}
