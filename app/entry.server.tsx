import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "~/components/nonce";
import { SiteStylesProvider } from "~/components/site-styles";
import { hasSessionCookie } from "~/server/auth/guards.server";
import { PAGE_STYLES_PLACEHOLDER, finishAnonymousDocument } from "~/server/http/anonymous-document.server";
import { deferScriptsTransform } from "~/server/http/defer-scripts.server";
import { nonceContext } from "~/server/http/request-context.server";
import { SITE_STYLES } from "~/server/styles/site-styles.server";

export const streamTimeout = 5_000;

/**
 * Errors thrown by loaders and actions. Not logged: requests the client abandoned, and bodies the size cap cut
 * off (already answered with 413; a flood of them would otherwise fill the log with stacks).
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted || (error as { status?: number } | null)?.status === 413) return;
  console.error(error);
}

/**
 * A visitor without a session cookie gets the same page as every other such visitor: it is rendered whole, its
 * head inlines only the styles it uses and links the rest (anonymous-document.server), and it is answered as one
 * complete body, ready to be kept and served again. A signed-in page streams as soon as its shell is ready, with the
 * whole stylesheet inlined.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(nonceContext);
  const anonymous = !hasSessionCookie(request.headers.get("cookie")) && !routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let stopped = false;
    // Visitors without a session, crawlers and SPA mode get the whole document at once; a signed-in browser gets the
    // shell as soon as it is ready. A HEAD request is answered at the shell either way.
    const wholeDocument = anonymous || isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
    const waitForAll = wholeDocument && request.method !== "HEAD";
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <SiteStylesProvider value={anonymous ? PAGE_STYLES_PLACEHOLDER : SITE_STYLES}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </SiteStylesProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
          if (!waitForAll) ready();
        },
        onAllReady() {
          if (waitForAll) ready();
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reach onShellError instead; the others are logged here.
          if (shellRendered && !stopped) console.error(error);
        },
      },
    );
    function ready() {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      // A HEAD answer has no body: stop rendering rather than render a page nobody reads.
      if (request.method === "HEAD") {
        resolve(new Response(null, { headers: responseHeaders, status: responseStatusCode }));
        stopped = true;
        abort();
        return;
      }
      if (anonymous) {
        const respond = (html: string) => resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        pipe(collectDocument(nonce, respond, reject));
        return;
      }
      // The page's scripts start loading once its first content is painted (see defer-scripts.server).
      const body = deferScriptsTransform(nonce);
      resolve(
        new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
      );
      pipe(body);
    }
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** A destination for React's output that hands over the finished anonymous document once React has written it all. */
function collectDocument(nonce: string, done: (html: string) => void, fail: (error: unknown) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      callback();
    },
    final(callback) {
      try {
        done(finishAnonymousDocument(Buffer.concat(chunks).toString("utf8"), nonce));
      } catch (error) {
        fail(error);
      }
      callback();
    },
  });
}
