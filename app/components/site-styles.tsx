import { createContext, useContext } from "react";
import { useMatches } from "react-router";
import extrasHref from "~/styles/bootstrap-extras.scss?url";

/** The site's CSS text; the server entry provides it, the browser never needs it (see SiteStyles). */
const SiteStylesContext = createContext("");

export const SiteStylesProvider = SiteStylesContext.Provider;

/** Set by `export const handle = LEAN_STYLES` (lib/page-handle; not imported here, so root keeps its own chunk). */
function isLean(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { leanStyles?: unknown }).leanStyles === true;
}

/**
 * Inlines the site's stylesheet in the head: all of it on a signed-in page, only the rules the page can use on the
 * others, which link the whole file after their content (server/http/anonymous-document.server). React 19 treats
 * a <style> with href and precedence as a resource: the server writes it once into the head, and on hydration the
 * browser adopts that element by its href, so the CSS text never travels in the JavaScript. Pages other than the
 * lean ones also link the extra components; a client-side navigation to such a page waits for that stylesheet
 * before it shows.
 */
export function SiteStyles() {
  const css = useContext(SiteStylesContext);
  const lean = isLean(useMatches().at(-1)?.handle);
  return (
    <>
      <style href="site-styles" precedence="site">
        {css}
      </style>
      {lean ? null : <link rel="stylesheet" href={extrasHref} precedence="site" />}
    </>
  );
}
