import { APIError } from "better-auth/api";

export type AuthFailure = { status: number; code: string; message: string };

/** Better Auth throws APIError with a code such as INVALID_EMAIL_OR_PASSWORD; anything else is unexpected. */
export function toAuthFailure(error: unknown): AuthFailure {
  if (error instanceof APIError) {
    const body = (error.body ?? {}) as { code?: string; message?: string };
    return { status: error.statusCode, code: body.code ?? String(error.status), message: body.message ?? error.message };
  }
  return { status: 500, code: "UNKNOWN", message: error instanceof Error ? error.message : String(error) };
}

/** Better Auth refused a new password for its length (our rules are the same for sign-up, change and reset). */
export function isPasswordStrengthFailure(failure: AuthFailure): boolean {
  return failure.code === "PASSWORD_TOO_SHORT" || failure.code === "PASSWORD_TOO_LONG";
}

/** Set-Cookie and friends from a Better Auth call, to pass on to the browser. */
export function cookieHeaders(headers: Headers | undefined): Headers {
  const out = new Headers();
  for (const cookie of headers?.getSetCookie() ?? []) out.append("Set-Cookie", cookie);
  return out;
}
