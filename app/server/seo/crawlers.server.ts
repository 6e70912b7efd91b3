/** Addresses of the public pages, in the order the sitemap lists them. */
export const PUBLIC_PATHS = ["/", "/aboutme", "/services", "/webdev", "/ha", "/contact"] as const;

/** Areas search engines have no business in: the admin and member pages and the auth routes. */
export const PRIVATE_PATHS = ["/manage", "/profile", "/signIn", "/signOut", "/signout", "/api/auth"] as const;

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
  const disallow = PRIVATE_PATHS.map((path) => `Disallow: ${path}`).join("\n");
  return `User-agent: *\n${disallow}\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}
