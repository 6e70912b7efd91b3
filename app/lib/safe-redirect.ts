/**
 * The one check for every address the site redirects to after an action: `redirectTo` on /signIn, Better Auth's
 * `callbackURL` and friends, and the Referer fallback. Returns a path on this site ("/x?y#z"), or the fallback.
 *
 * The target is resolved against the public address and must keep its origin. Before that, control characters
 * and backslashes are refused outright, raw or percent-encoded: browsers drop tabs and newlines from URLs and
 * read "\" as "/", so "/\t/evil.example" and "/\evil.example" would otherwise leave the site as "//evil.example".
 */
export function safeRedirect(value: unknown, publicUrl: string, fallback = "/"): string {
  if (typeof value !== "string" || value === "" || value.length > 2048) return fallback;
  if (hasForbiddenCharacters(value)) return fallback;
  // A path, or a whole http(s) address; nothing relative to the current page and no other scheme.
  if (!value.startsWith("/") && !/^https?:\/\//i.test(value)) return fallback;
  let target: URL;
  let base: URL;
  try {
    base = new URL(publicUrl);
    target = new URL(value, base);
  } catch {
    return fallback;
  }
  if (target.origin !== base.origin) return fallback;
  const path = `${target.pathname}${target.search}${target.hash}`;
  // "/.//evil.example" resolves to the path "//evil.example", which a browser would read as another host.
  if (!path.startsWith("/") || path.startsWith("//")) return fallback;
  // Never back to the sign-in or sign-out pages themselves (a loop).
  if (/^\/(signIn|signOut|signout)(?=[/?#.]|$)/i.test(path)) return fallback;
  return path;
}

function hasForbiddenCharacters(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  const forbidden = /[\u0000-\u001f\u007f\\]/;
  if (forbidden.test(value)) return true;
  let decoded = value;
  // Twice: a doubly encoded backslash (%255C) is decoded once by us and once more by whatever reads it next.
  for (let i = 0; i < 2; i++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return true;
    }
    if (forbidden.test(decoded)) return true;
  }
  return false;
}
