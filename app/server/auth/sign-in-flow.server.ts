import type { Db } from "../db/client.server";
import { AUTH_MESSAGES, genericAuthError } from "~/lib/auth-messages";
import { getAuth } from "./auth.server";
import { type AuthFailure, cookieHeaders, isPasswordStrengthFailure, toAuthFailure } from "./auth-errors.server";
import { allowAuthAttempt } from "./rate-limit.server";

export type FieldErrors = { email?: string; password?: string };

export type FlowResult =
  | { ok: true; headers: Headers; user?: { name: string; email: string; emailVerified: boolean } }
  | { ok: false; fieldErrors?: FieldErrors; modal?: { title: string; message: string }; status: number };

const tooMany: FlowResult = { ok: false, status: 429, fieldErrors: { email: AUTH_MESSAGES.tooManyRequests } };

function unexpected(failure: AuthFailure): FlowResult {
  return { ok: false, status: failure.status >= 400 ? failure.status : 500, modal: { title: "Error", message: genericAuthError(failure.code, failure.message) } };
}

/** Create Account: display name starts as the e-mail; Better Auth sends the verification e-mail. */
export async function signUp(db: Db, request: Request, ip: string, email: string, password: string): Promise<FlowResult> {
  if (!(await allowAuthAttempt(db, "signUp", ip, email)).allowed) return tooMany;
  try {
    const { headers } = await getAuth().api.signUpEmail({
      body: { email, password, name: email, callbackURL: "/" },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers: cookieHeaders(headers) };
  } catch (error) {
    const failure = toAuthFailure(error);
    if (isPasswordStrengthFailure(failure)) return { ok: false, status: 400, fieldErrors: { password: AUTH_MESSAGES.weakPassword } };
    switch (failure.code) {
      case "USER_ALREADY_EXISTS":
      case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
        return { ok: false, status: 409, fieldErrors: { email: AUTH_MESSAGES.emailInUse } };
      case "INVALID_EMAIL":
        return { ok: false, status: 400, fieldErrors: { email: AUTH_MESSAGES.invalidEmail } };
      default:
        return unexpected(failure);
    }
  }
}

export async function signIn(db: Db, request: Request, ip: string, email: string, password: string): Promise<FlowResult> {
  const attempt = await allowAuthAttempt(db, "signIn", ip, email);
  if (!attempt.allowed) return tooMany;
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email, password },
      headers: request.headers,
      returnHeaders: true,
    });
    const user = response.user;
    // A right password is not a failure: the limits count failures (and attempts still being checked).
    await attempt.release();
    return { ok: true, headers: cookieHeaders(headers), user: { name: user.name, email: user.email, emailVerified: Boolean(user.emailVerified) } };
  } catch (error) {
    const failure = toAuthFailure(error);
    if (failure.code === "INVALID_EMAIL_OR_PASSWORD") {
      // The spec tells the two cases apart; the rate limits above bound what this reveals.
      const exists = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
      return exists
        ? { ok: false, status: 401, fieldErrors: { password: AUTH_MESSAGES.wrongPassword } }
        : { ok: false, status: 401, fieldErrors: { email: AUTH_MESSAGES.userNotFound } };
    }
    if (failure.code === "INVALID_EMAIL") return { ok: false, status: 400, fieldErrors: { email: AUTH_MESSAGES.invalidEmail } };
    return unexpected(failure);
  }
}

export async function resendVerification(db: Db, ip: string, email: string): Promise<FlowResult> {
  if (!(await allowAuthAttempt(db, "resend", ip, email)).allowed) return tooMany;
  try {
    await getAuth().api.sendVerificationEmail({ body: { email, callbackURL: "/" } });
    return { ok: true, headers: new Headers() };
  } catch (error) {
    return unexpected(toAuthFailure(error));
  }
}

/** Always answers the same way, so the form does not reveal which addresses have accounts. */
export async function requestPasswordReset(db: Db, ip: string, email: string): Promise<FlowResult> {
  if (!(await allowAuthAttempt(db, "reset", ip, email)).allowed) return tooMany;
  try {
    await getAuth().api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } });
  } catch (error) {
    const failure = toAuthFailure(error);
    if (failure.status >= 500) return unexpected(failure);
  }
  return { ok: true, headers: new Headers() };
}

/** Sets the new password a reset link was sent for; Better Auth then ends the account's sessions. */
export async function resetPassword(token: string, newPassword: string): Promise<{ ok: true } | { ok: false; status: number; error: string }> {
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword } });
    return { ok: true };
  } catch (error) {
    const failure = toAuthFailure(error);
    if (isPasswordStrengthFailure(failure)) return { ok: false, status: 400, error: AUTH_MESSAGES.newPasswordWeak };
    if (failure.code === "INVALID_TOKEN") return { ok: false, status: 400, error: AUTH_MESSAGES.resetLinkExpired };
    return { ok: false, status: 500, error: AUTH_MESSAGES.tryAgain };
  }
}

/** Starts the OpenID Connect dance; the browser is sent to the provider with the state cookie set. */
export async function startGoogleSignIn(request: Request, callbackURL: string): Promise<{ url: string; headers: Headers } | null> {
  try {
    const { headers, response } = await getAuth().api.signInSocial({
      body: { provider: "google", callbackURL, errorCallbackURL: "/signIn?error=google", newUserCallbackURL: callbackURL },
      headers: request.headers,
      returnHeaders: true,
    });
    return response.url ? { url: response.url, headers: cookieHeaders(headers) } : null;
  } catch {
    return null;
  }
}

/**
 * What a browser must forget once its session ends: its HTTP cache, where the admin's pages of customers' photos
 * stay for an hour (private, max-age=3600) and the back/forward cache keeps the last admin screen. Not "cookies":
 * that clears every cookie of the registrable domain, the owner's other services on its subdomains included, and the
 * session's own cookies are expired by name in the same response anyway. Not "storage": it holds only the visitor's chosen
 * colours and the fingerprints that let an interrupted upload resume, nothing private.
 */
export const SIGN_OUT_CLEAR_SITE_DATA = '"cache"';

export async function signOut(request: Request): Promise<Headers | null> {
  try {
    const { headers } = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
    const out = cookieHeaders(headers);
    out.set("Clear-Site-Data", SIGN_OUT_CLEAR_SITE_DATA);
    return out;
  } catch {
    return null;
  }
}
