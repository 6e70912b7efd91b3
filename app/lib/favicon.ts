/**
 * The site's icon (public/favicon.svg, 230 bytes), written into every page as a data address: a browser that can
 * show it asks for no file, so a first visit does not open one more connection for it while the page's first photos
 * are coming (over HTTP/1.1 on a weak signal that is a round trip; in Lighthouse's model of /projects it cost the
 * cover photo its warm connection, 0.2 s of the largest paint). favicon.test.ts checks it is the file's picture;
 * /favicon.ico stays for browsers that want a bitmap.
 */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#1d4e89"/><path d="M14 44h36v6H14zM18 38l14-20 14 20z" fill="#f2b134"/></svg>';

/** Only what a URL may not hold raw is escaped (the double quotes become single ones), so it stays short. */
export const FAVICON_DATA_URL = `data:image/svg+xml,${FAVICON_SVG.replaceAll('"', "'").replace(/[<># ]/g, (c) => encodeURIComponent(c))}`;
