import { redirect } from "react-router";
import { getAuth } from "./auth.server";
import { forwardSetCookies } from "../http/response-cookies.server";
import { isAdminRole } from "./admin-role.server";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  image: string | null;
  emailVerified: boolean;
  isAdmin: boolean;
  createdAt: Date;
};

export type CurrentSession = { user: SessionUser; session: { id: string; createdAt: Date; expiresAt: Date } };

// Several loaders of one request ask for the session; look it up once per request.
const cache = new WeakMap<Request, Promise<CurrentSession | null>>();

/** Better Auth's session cookie (with the __Secure- prefix on https); without it there is no session to look up. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** Whether a request carries Better Auth's session cookie at all (valid or not). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return SESSION_COOKIE.test(cookieHeader ?? "");
}

/** The signed-in user from the server-side session (never from anything the browser claims), or null. */
export function getCurrentSession(request: Request): Promise<CurrentSession | null> {
  // A visitor without the cookie costs no database query (most requests of a public site).
  if (!hasSessionCookie(request.headers.get("cookie"))) return Promise.resolve(null);
  let pending = cache.get(request);
  if (!pending) {
    pending = getAuth()
      .api.getSession({ headers: request.headers, returnHeaders: true })
      .then(({ headers, response: result }) => {
        // Better Auth renews the cookie as the session slides (or clears a dead one); the browser must get it.
        forwardSetCookies(headers);
        if (!result) return null;
        const { user, session } = result;
        return {
          user: {
            id: user.id,
            email: user.email,
            name: user.name,
            image: user.image ?? null,
            emailVerified: Boolean(user.emailVerified),
            isAdmin: isAdminRole((user as { role?: string | null }).role),
            createdAt: new Date(user.createdAt),
          },
          session: { id: session.id, createdAt: new Date(session.createdAt), expiresAt: new Date(session.expiresAt) },
        };
      });
    cache.set(request, pending);
  }
  return pending;
}

function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/signIn?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Member pages: a signed-in user with a verified e-mail; anyone else goes to /signIn. */
export async function requireVerifiedUser(request: Request): Promise<CurrentSession> {
  const current = await getCurrentSession(request);
  if (!current || !current.user.emailVerified) throw signInRedirect(request);
  return current;
}

/** Signed in, verified or not (the unverified state of the sign-in page). */
export async function requireUser(request: Request): Promise<CurrentSession> {
  const current = await getCurrentSession(request);
  if (!current) throw signInRedirect(request);
  return current;
}

/** Admin pages: visitors go to /signIn; members get 403. */
export async function requireAdminPage(request: Request): Promise<CurrentSession> {
  const current = await requireVerifiedUser(request);
  if (!current.user.isAdmin) throw new Response("Admins only", { status: 403, statusText: "Forbidden" });
  return current;
}

/** Admin calls (actions, API): 401 for visitors, 403 for members, never a redirect. */
export async function requireAdmin(request: Request): Promise<CurrentSession> {
  const current = await getCurrentSession(request);
  if (!current) throw Response.json({ error: "Sign in first" }, { status: 401 });
  if (!current.user.emailVerified || !current.user.isAdmin) throw Response.json({ error: "Admins only" }, { status: 403 });
  return current;
}
