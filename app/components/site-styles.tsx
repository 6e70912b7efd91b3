import { createContext, useContext } from "react";

/** The site's CSS text; the server entry provides it, the browser never needs it (see SiteStyles). */
const SiteStylesContext = createContext("");

export const SiteStylesProvider = SiteStylesContext.Provider;

/**
 * Inlines the site's stylesheet in the head. React 19 treats a <style> with href and precedence as a resource:
 * the server writes it once into the head, and on hydration the browser adopts that element by its href, so the
 * CSS text never travels in the JavaScript.
 */
export function SiteStyles() {
  const css = useContext(SiteStylesContext);
  return (
    <style href="site-styles" precedence="site">
      {css}
    </style>
  );
}
