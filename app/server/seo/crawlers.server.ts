/** Addresses of the public pages, in the order the sitemap lists them. */
export const PUBLIC_PATHS = ["/", "/aboutme", "/services", "/webdev", "/ha", "/contact", "/reviews", "/reviews/policy"] as const;

/**
 * What crawlers are asked not to fetch: the auth API, which answers with JSON and redirects, never a page. The
 * private pages (sign-in, sign-out, password reset, the member and admin areas) are not listed: each answers with a
 * `noindex` page, or a redirect to /signIn, which is one. A crawler must fetch a page to read its noindex, and an
 * address it may not fetch can still be indexed, by its address alone, from a link somewhere else. The review links
 * (/review/{token}) are the exception: each is a customer's private key, found only if leaked, and no crawler should
 * ever hold one; their pages are noindex as well.
 */
export const DISALLOWED_PATHS = ["/api/auth", "/review/"] as const;

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/** sitemap.xml: every public page that is switched on, and every gallery. */
export function renderSitemap(publicUrl: string, galleryIds: readonly number[], isShown: (path: string) => boolean = () => true): string {
  const paths = [...PUBLIC_PATHS.filter(isShown), ...galleryIds.map((id) => `/gallery/${id}`)];
  const urls = paths.map((path) => `  <url><loc>${escapeXml(publicUrl + path)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function renderRobots(publicUrl: string): string {
  const disallow = DISALLOWED_PATHS.map((path) => `Disallow: ${path}`).join("\n");
  return `User-agent: *\n${disallow}\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}
