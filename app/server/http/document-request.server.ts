/**
 * Whether a form post came from the browser itself (a plain HTML form, before the page's scripts have loaded or
 * without them) rather than from React Router's fetch. The browser says so in Sec-Fetch-Mode, a header no page
 * can set; a client that sends none (an old browser, a script) is treated as a plain form, whose answers (a page
 * or a redirect) work for any client.
 *
 * Actions use it to answer a plain post the way HTML expects: after a success that changes the session, with a
 * redirect (post, redirect, get) to a page that shows the message, instead of data for a script to act on.
 */
export function isDocumentRequest(request: Request): boolean {
  const mode = request.headers.get("sec-fetch-mode");
  return mode === null || mode === "navigate";
}
