import extras from "~/styles/bootstrap-extras.scss?inline";
import extrasHref from "~/styles/bootstrap-extras.scss?url";
import site from "~/styles/site-styles.scss?inline";
import siteHref from "~/styles/site-stylesheet-href";
import { createCriticalCss } from "./critical-css.server";
import { SCRIPT_TOGGLED_CLASSES } from "./script-toggled-classes.server";

/**
 * The site's whole stylesheet (about 75 KB, 12 KB compressed): Bootstrap's purged build and the site's own CSS.
 * Signed-in pages inline all of it in the head; the pages every visitor gets inline their share of it and link
 * the same file, built by Vite as `SITE_STYLESHEET_HREF` (see entry.server and http/anonymous-document.server).
 */
export const SITE_STYLES = site;
export const SITE_STYLESHEET_HREF = siteHref;

/** The components only forms and admin pages use (styles/bootstrap-extras.scss), linked by components/site-styles. */
const EXTRAS_STYLES = extras;
export const EXTRAS_STYLESHEET_HREF = extrasHref;

const isAlwaysPresent = (token: string) => token.startsWith(".") && SCRIPT_TOGGLED_CLASSES.test(token.slice(1));

/** A page's share of the site's stylesheet. */
export const siteCriticalCss = createCriticalCss(SITE_STYLES, { isAlwaysPresent });
/**
 * A page's share of both stylesheets, in their order, for pages that also use the form components: chosen as one,
 * because the components' rules read custom properties the site's stylesheet defines (--bs-form-invalid-color).
 */
export const siteAndExtrasCriticalCss = createCriticalCss(SITE_STYLES + EXTRAS_STYLES, { isAlwaysPresent });
