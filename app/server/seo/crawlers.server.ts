/** Addresses of the public pages, in the order the sitemap lists them. */
export const PUBLIC_PATHS = ["/", "/aboutme", "/services", "/projects", "/webdev", "/ha", "/contact", "/reviews", "/reviews/policy"] as const;

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

/** A photo a page shows, for the image sitemap: its address under this site, and what it shows. */
export type SitemapImage = { path: string; title?: string };

/** More pages for the sitemap (projects), and the public photos each page shows (galleries, projects). */
export type SitemapExtras = { paths?: readonly string[]; images?: ReadonlyMap<string, readonly SitemapImage[]> };

const IMAGE_NS = ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"';
/** Search engines read at most 1,000 images per page. */
const MAX_IMAGES_PER_PAGE = 1000;

/**
 * sitemap.xml: every public page that is switched on, every gallery and every published project, each with the
 * public photos it shows (image:image). Only what the caller passes is listed: it gives public photos alone.
 */
export function renderSitemap(publicUrl: string, galleryIds: readonly number[], isShown: (path: string) => boolean = () => true, extras: SitemapExtras = {}): string {
  const paths = [...PUBLIC_PATHS.filter(isShown), ...galleryIds.map((id) => `/gallery/${id}`), ...(extras.paths ?? [])];
  const urls = paths
    .map((path) => {
      const images = (extras.images?.get(path) ?? []).slice(0, MAX_IMAGES_PER_PAGE);
      const imageXml = images
        .map((image) => `<image:image><image:loc>${escapeXml(publicUrl + image.path)}</image:loc>${image.title ? `<image:title>${escapeXml(image.title)}</image:title>` : ""}</image:image>`)
        .join("");
      return `  <url><loc>${escapeXml(publicUrl + path)}</loc>${imageXml}</url>`;
    })
    .join("\n");
  const hasImages = extras.images !== undefined && extras.images.size > 0;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${hasImages ? IMAGE_NS : ""}>\n${urls}\n</urlset>\n`;
}

export function renderRobots(publicUrl: string): string {
  const disallow = DISALLOWED_PATHS.map((path) => `Disallow: ${path}`).join("\n");
  return `User-agent: *\n${disallow}\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}
