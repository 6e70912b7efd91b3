import type { MetaDescriptor } from "react-router";

/** What every page's meta needs from the root loader. */
export type SiteIdentity = { publicUrl: string; site: { name: string } };

export type PageSeo = {
  title: string;
  description: string;
  /** Path of the page, for its canonical address: "/services". */
  path: string;
  /**
   * The page's own picture for link previews (a gallery's cover, a project's "after" photo: a stored photo's share
   * image, `url` a path on this site); else the site's.
   */
  image?: { url: string; width: number; height: number; alt: string };
};

/** The picture link previews show, under public/. */
export const SHARE_IMAGE = { path: "/images/share.png", width: 1200, height: 630 } as const;

export function absoluteUrl(publicUrl: string, path: string): string {
  return `${publicUrl}${path}`;
}

/** What a page whose texts come from the site's content passes to its meta: the root's data and its `page`. */
type ConfigPageMetaArgs = {
  loaderData: { page: { title: string; description: string } } | undefined;
  matches: readonly [{ loaderData: SiteIdentity | undefined }, ...unknown[]];
};

/** The `meta` of a public page whose loader returns its texts from the content as `page` (title and description). */
export function configPageMeta(path: string) {
  return ({ loaderData, matches }: ConfigPageMetaArgs): MetaDescriptor[] =>
    loaderData ? pageMeta(matches[0].loaderData, { title: loaderData.page.title, description: loaderData.page.description, path }) : [];
}

/**
 * Title, description, canonical address and Open Graph tags of a public page. The canonical address and og:url
 * come from PUBLIC_URL, so they name the public site even behind a proxy.
 */
export function pageMeta(identity: SiteIdentity | undefined, page: PageSeo): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [{ title: page.title }, { name: "description", content: page.description }];
  if (!identity) return tags;
  const url = absoluteUrl(identity.publicUrl, page.path);
  const image = page.image ?? { url: SHARE_IMAGE.path, width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, alt: identity.site.name };
  return [
    ...tags,
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: identity.site.name },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: absoluteUrl(identity.publicUrl, image.url) },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
