import { listPageTokens } from "~/server/styles/page-tokens.server";
import {
  EXTRAS_STYLESHEET_HREF,
  SITE_STYLESHEET_HREF,
  siteAndExtrasCriticalCss,
  siteCriticalCss,
} from "~/server/styles/site-styles.server";
import { DEFERRED_MODULE_TYPE, deferScriptsInHtml, deferredStylesheets } from "./defer-scripts.server";

/** What the inlined stylesheet holds until the whole document is known (entry.server renders it in its place). */
export const PAGE_STYLES_PLACEHOLDER = "/*page-styles*/";

const linkTag = (href: string) => `<link rel="stylesheet" href="${href}" data-precedence="site"/>`;

/**
 * Finishes the page a visitor without a session gets, once React has rendered all of it: the scripts wait for the
 * first paint (defer-scripts.server), the head inlines only the rules this page's HTML can use instead of the
 * whole stylesheet, and the whole stylesheet is linked after the page's content for the scripts alone.
 *
 * The page's HTML needs nothing more than the inlined rules, with or without JavaScript: they are a subset of the
 * stylesheet, in its own order, and every rule left out needs a class, id or element that is not on the page (see
 * stylesheet-index.server). What does need the rest is what React draws after hydration (a dialog, the next page).
 * So the links are inert, like the preloads: they wait inside a template, which the loader empties into the page
 * after the first paint, and it inserts the module script only once they have loaded. On a slow phone the stylesheet
 * no longer competes with the first photos; without JavaScript it is never fetched, and afterwards it comes from the
 * browser's cache. (A page whose scripts could not be deferred gets plain links, which then hold its scripts back as
 * a pending stylesheet does.)
 * They carry `data-precedence="site"` so that a stylesheet React adds later (the form components, on a client-side
 * visit to the contact page) goes after them, as in the head of a signed-in page; and a page that links the form
 * components has their link moved down here and their share inlined too, so the cascade's order is the signed-in
 * page's: the site's rules, then those.
 */
export function finishAnonymousDocument(html: string, nonce: string): string {
  let out = deferScriptsInHtml(html, nonce);
  if (!out.includes(PAGE_STYLES_PLACEHOLDER)) return out;
  let styles = siteCriticalCss;
  const linked = [SITE_STYLESHEET_HREF];

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
    linked.push(EXTRAS_STYLESHEET_HREF);
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
  // Inert only where the loader that makes them live comes after them: a page without it, or links placed after it
  // (which it would miss if it ran while the page was still being read, in a hidden tab), get live links.
  const loaderAt = out.indexOf(DEFERRED_MODULE_TYPE);
  const links = linked.map(linkTag).join("");
  return out.slice(0, at) + (loaderAt >= 0 && at < loaderAt ? deferredStylesheets(links) : links) + out.slice(at);
}
