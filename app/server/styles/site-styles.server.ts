import bootstrap from "~/styles/bootstrap.scss?inline";
import gallery from "~/styles/gallery.css?inline";
import publicPages from "~/styles/public.css?inline";
import site from "~/styles/site.css?inline";

/**
 * The whole stylesheet of the site (about 30 KB compressed), written into the head of every page instead of
 * linked: a linked stylesheet blocks the first paint until it has arrived, and on a phone connection that wait
 * is most of the page's load time. Built by Vite from the files above.
 */
export const SITE_STYLES = bootstrap + site + publicPages + gallery;
