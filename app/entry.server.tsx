import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "~/components/nonce";
import { SiteStylesProvider } from "~/components/site-styles";
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

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(nonceContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let stopped = false;
    // Crawlers and SPA-less clients get the whole document at once; browsers get the shell as soon as it is ready.
    const readyEvent = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <SiteStylesProvider value={SITE_STYLES}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </SiteStylesProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // A HEAD answer has no body: stop rendering rather than render a page nobody reads.
          if (request.method === "HEAD") {
            resolve(new Response(null, { headers: responseHeaders, status: responseStatusCode }));
            stopped = true;
            abort();
            return;
          }
          // The page's scripts start loading once its first content is painted (see defer-scripts.server).
          const body = deferScriptsTransform(nonce);
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered && !stopped) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
