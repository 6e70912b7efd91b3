import { listPageTokens } from "~/server/styles/page-tokens.server";
import {
  EXTRAS_STYLESHEET_HREF,
  SITE_STYLESHEET_HREF,
  siteAndExtrasCriticalCss,
  siteCriticalCss,
} from "~/server/styles/site-styles.server";
import { deferScriptsInHtml } from "./defer-scripts.server";

/** What the inlined stylesheet holds until the whole document is known (entry.server renders it in its place). */
export const PAGE_STYLES_PLACEHOLDER = "/*page-styles*/";

const linkTag = (href: string) => `<link rel="stylesheet" href="${href}" data-precedence="site"/>`;

/**
 * Finishes the page a visitor without a session gets, once React has rendered all of it: the scripts wait for the
 * first paint (defer-scripts.server), the head inlines only the rules this page's HTML can use instead of the
 * whole stylesheet, and the whole stylesheet is linked after the page's content, where it does not hold up the
 * first paint and comes from the browser's cache on every later page.
 *
 * Nothing changes when the linked sheet arrives: the inlined rules are a subset of it, in its own order, and
 * every rule left out needs a class, id or element that is not on the page (see stylesheet-index.server). The links
 * sit before the page's scripts, which a pending stylesheet holds back, so hydration, and whatever React draws
 * after it (a dialog, the next page), always has every style. They carry `data-precedence="site"` so that a
 * stylesheet React adds later (the form components, on a client-side visit to the contact page) goes after them,
 * as in the head of a signed-in page; and a page that links the form components has their link moved down here
 * and their share inlined too, so the cascade's order is the signed-in page's: the site's rules, then those.
 */
export function finishAnonymousDocument(html: string, nonce: string): string {
  let out = deferScriptsInHtml(html, nonce);
  if (!out.includes(PAGE_STYLES_PLACEHOLDER)) return out;
  let styles = siteCriticalCss;
  let links = linkTag(SITE_STYLESHEET_HREF);

  const head = out.slice(0, out.indexOf("</head>"));
  if (head.includes(`"${EXTRAS_STYLESHEET_HREF}"`)) {
    const extras = linkTag(EXTRAS_STYLESHEET_HREF);
    const extrasAt = head.indexOf(extras);
    // Written by React as expected: moved down with its share inlined. Otherwise it stays where it is (blocking the
    // first paint as before) and is linked once more after the site's stylesheet, for the cascade's order.
    if (extrasAt >= 0) {
      out = out.slice(0, extrasAt) + out.slice(extrasAt + extras.length);
      styles = siteAndExtrasCriticalCss;
    }
    links += extras;
  }

  const css = styles.forPage(listPageTokens(out));
  const placeholder = out.indexOf(PAGE_STYLES_PLACEHOLDER);
  out = out.slice(0, placeholder) + css + out.slice(placeholder + PAGE_STYLES_PLACEHOLDER.length);
  // After the last of the page's content and before the scripts that follow it (ScrollRestoration's, React
  // Router's); a page without them gets the links at the end of its body.
  const main = out.lastIndexOf("</main>");
  let at = main >= 0 ? out.indexOf("<script", main) : -1;
  if (at < 0) at = out.lastIndexOf("</body>");
  if (at < 0) at = out.length;
  return out.slice(0, at) + links + out.slice(at);
}
