import { BROWSER_COOKIE, MAX_FORM_AGE_MS, createBrowserToken, readBrowserToken } from "~/server/enquiries/form-guard.server";
import { getEnv } from "~/server/env.server";
import type { Route } from "./+types/quote-browser";

/**
 * GET /contact/browser-check.css: an empty stylesheet that the quote form links only for browsers without
 * JavaScript (inside <noscript>). Never kept: it gives each browser a signed value of its own in a cookie, so an
 * answered question is used once per browser although the kept /contact page is the same for everyone. A browser
 * that already holds a value keeps it, so two tabs of the form agree.
 */
export function loader({ request }: Route.LoaderArgs) {
  const headers = new Headers({ "Content-Type": "text/css; charset=utf-8", "Cache-Control": "no-store" });
  if (!readBrowserToken(request.headers.get("cookie"))) {
    const secure = getEnv().publicUrl.startsWith("https:") ? "; Secure" : "";
    headers.append("Set-Cookie", `${BROWSER_COOKIE}=${createBrowserToken()}; Path=/contact; Max-Age=${MAX_FORM_AGE_MS / 1000}; HttpOnly; SameSite=Lax${secure}`);
  }
  return new Response("/* The quote form's check for browsers without JavaScript. */\n", { headers });
}
