import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteLoaderData,
} from "react-router";
import { AccountMenu } from "~/components/layout/account-menu";
import { LoadingIndicator } from "~/components/layout/loading-indicator";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { THEME_SCRIPT } from "~/components/layout/theme";
import { ModalHost } from "~/components/modal/modal-host";
import { useNonce } from "~/components/nonce";
import { SiteStyles } from "~/components/site-styles";
import { getCurrentSession, requireAdminPage } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/client.server";
import { getEnv } from "~/server/env.server";
import { visitStateContext } from "~/server/http/request-context.server";
import { getSiteContent, loadDraftContent, previewContentContext } from "~/server/content/site-content.server";
import { getLayoutData } from "~/server/pages/layout-data.server";
import { visitedCookieHeader } from "~/server/visits/visit-policy.server";
import { FAVICON_DATA_URL } from "~/lib/favicon";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: FAVICON_DATA_URL, type: "image/svg+xml" },
];

/** The query parameter that shows any public page with the content editor's drafts, to admins only. */
const PREVIEW_PARAM = "preview";

export const middleware: Route.MiddlewareFunction[] = [
  // A preview renders the real page with the drafts: for admins only, never kept by any cache, never indexed.
  async ({ request, context }, next) => {
    if (!new URL(request.url).searchParams.has(PREVIEW_PARAM)) return next();
    await requireAdminPage(request);
    context.set(previewContentContext, await loadDraftContent(getDb()));
    const response = await next();
    try {
      response.headers.set("Cache-Control", "private, no-store");
      response.headers.set("X-Robots-Tag", "noindex");
    } catch {
      // Redirects have immutable headers and no content to keep.
    }
    return response;
  },
  /** Marks the browser session once its first page view has been counted. */
  async ({ context }, next) => {
    const response = await next();
    const visit = context.get(visitStateContext);
    if (visit.counted) {
      try {
        response.headers.append("Set-Cookie", visitedCookieHeader(visit.shownNumber ?? 1, getEnv().publicUrl.startsWith("https:")));
      } catch {
        // Redirect responses have immutable headers; the next page view will count instead.
      }
    }
    return response;
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { business } = getSiteContent(context);
  const { categories, visitorNumber, hasProjects } = await getLayoutData(getDb(), request, context);
  const current = await getCurrentSession(request);
  return {
    user: current
      ? {
          name: current.user.name,
          email: current.user.email,
          image: current.user.image,
          isAdmin: current.user.isAdmin && current.user.emailVerified,
        }
      : null,
    site: {
      name: business.name,
      shortName: business.shortName,
      copyrightYear: business.copyrightYear,
      // The server's clock, so every render in a year is the same bytes; a kept page is at most a minute old.
      year: new Date().getFullYear(),
      phone: business.phone,
      phoneE164: business.phoneE164,
    },
    preview: context.get(previewContentContext) !== null,
    publicUrl: getEnv().publicUrl,
    categories,
    /** /projects is in the navbar once a project is published; an empty list is no page to send anyone to. */
    hasProjects,
    visitorNumber,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<RootData>("root");
  return (
    <html lang="en-GB" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {/* Runs before first paint, so the stored or system colours are in place without a flash. Without script
            <html> has no data-bs-theme and the stylesheet follows the system's preference itself. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <Meta />
        {data?.preview ? <meta name="robots" content="noindex" /> : null}
        <SiteStyles />
        <Links />
        {/*
          No first paint before the whole header is parsed. The page arrives in pieces (Chromium hands the parser
          about 30 KB at a time, and the header ends after the inlined styles); painted half-way through the
          navbar, its links would appear one by one and the right-aligned list move left as it grew.
        */}
        <link rel="expect" href="#main" {...{ blocking: "render" }} />
      </head>
      <body>
        <a className="visually-hidden-focusable skip-link" href="#main">
          Skip to content
        </a>
        <ModalHost>
          <LoadingIndicator />
          <SiteHeader
            siteName={data?.site.shortName ?? "Home"}
            categories={data?.categories ?? []}
            showProjects={data?.hasProjects ?? false}
            accountSlot={data?.user ? <AccountMenu user={data.user} /> : undefined}
          />
          <main id="main" className="site-main" tabIndex={-1}>
            {data?.preview ? (
              <p className="alert alert-warning rounded-0 mb-0 text-center" role="status" data-testid="preview-banner">
                Preview of your unpublished changes. Visitors do not see this yet.
              </p>
            ) : null}
            {children}
          </main>
          <SiteFooter
            siteName={data?.site.name ?? ""}
            firstYear={data?.site.copyrightYear}
            year={data?.site.year ?? new Date().getFullYear()}
            phone={data?.site.phone}
            phoneE164={data?.site.phoneE164}
            visitorNumber={data?.visitorNumber}
          />
        </ModalHost>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let status = 500;
  let detail = "Something went wrong on our side. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    status = error.status;
    detail =
      error.status === 404
        ? "There is no page at this address. It may have moved, or the link may be mistyped."
        : error.status === 403
          ? "You do not have permission to see this page."
          : typeof error.data === "string" && error.data
            ? error.data
            : detail;
  } else if (import.meta.env.DEV && error instanceof Error) {
    detail = error.message;
  }
  const statusText = isRouteErrorResponse(error) && error.statusText ? error.statusText : status === 404 ? "Not Found" : "Error";
  return (
    <div className="container py-5">
      <title>{`${status} ${statusText}`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="h2">Unexpected Application Error!</h1>
      <p className="display-6" data-testid="error-status">
        {status} {statusText}
      </p>
      <p>{detail}</p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </div>
  );
}
