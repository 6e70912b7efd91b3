/** Query parameters whose values are secrets whatever they look like (one-time tokens, OAuth codes and state). */
const SECRET_PARAMS = /^(token|code|state|password|secret|key|signature|sig|otp|id_token|access_token|refresh_token)$/i;

/** Path segments after which the next segment is a secret (Better Auth's reset link: /api/auth/reset-password/{token}; a review link: /review/{token}). */
const SECRET_AFTER = new Set(["reset-password", "verify-email", "magic-link", "review"]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return text;
  }
}

export const REDACTED = "[redacted]";

/**
 * Looks like a random token: long, URL-safe characters only, and mixed (a digit, or upper and lower case), so
 * words and slugs such as "home-automation" stay readable. UUIDs (image ids) are not secrets and stay too.
 */
export function isTokenLike(value: string): boolean {
  if (value.length < 16 || !/^[A-Za-z0-9._~+/=%-]+$/.test(value) || UUID.test(value)) return false;
  return /\d/.test(value) || (/[a-z]/.test(value) && /[A-Z]/.test(value));
}

/**
 * A request URL fit for the logs: token-like path segments and query values, and the values of parameters named
 * like secrets, replaced by [redacted]. Verification and password-reset links must never reach a log file, where
 * anyone who can read the logs could use them.
 */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf("#");
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf("?");
  const path = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const query = queryAt === -1 ? null : withoutHash.slice(queryAt + 1);

  const segments = path.split("/");
  const redactedPath = segments
    .map((segment, i) => (segment !== "" && (SECRET_AFTER.has(segments[i - 1] ?? "") || isTokenLike(decode(segment))) ? REDACTED : segment))
    .join("/");
  if (query === null) return redactedPath;
  const redactedQuery = query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq === -1) return isTokenLike(decode(pair)) ? REDACTED : pair;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      return SECRET_PARAMS.test(decode(name)) || isTokenLike(decode(value)) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
  return `${redactedPath}?${redactedQuery}`;
}
