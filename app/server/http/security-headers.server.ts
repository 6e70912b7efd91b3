import type express from "express";
import helmet from "helmet";
import type { Env } from "../env.server";

/**
 * The powerful browser features this site never uses, each switched off for its pages and anything they could
 * embed, so that an injected script or a hostile frame cannot ask the visitor for them. Only names browsers know: an
 * unknown one costs a console warning on every page (tests/e2e/layout.spec.ts checks with Debian's Chromium, which
 * is built without Web Bluetooth and Web Share, the two that phones have). The clipboard stays allowed to the site
 * itself, for the contact page's copy-the-address button.
 */
const DENIED_FEATURES = [
  "accelerometer",
  "autoplay",
  "bluetooth",
  "browsing-topics",
  "camera",
  "compute-pressure",
  "display-capture",
  "encrypted-media",
  "fullscreen",
  "gamepad",
  "geolocation",
  "gyroscope",
  "hid",
  "identity-credentials-get",
  "idle-detection",
  "local-fonts",
  "magnetometer",
  "microphone",
  "midi",
  "otp-credentials",
  "payment",
  "picture-in-picture",
  "publickey-credentials-create",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "storage-access",
  "usb",
  "web-share",
  "window-management",
  "xr-spatial-tracking",
] as const;

export const PERMISSIONS_POLICY = [...DENIED_FEATURES.map((feature) => `${feature}=()`), "clipboard-write=(self)"].join(", ");

/**
 * The headers of every page: helmet's set (CSP with the request's nonce, no framing at all, nosniff, CORP and the
 * rest) and the Permissions-Policy. X-Frame-Options says DENY, as `frame-ancestors 'none'` does, for the browsers
 * that read only the older header.
 */
export function pageHeaders(env: Pick<Env, "publicUrl" | "google">, options: { dev?: boolean } = {}): express.RequestHandler {
  const strict = helmetFor(env, options, "none");
  // The content editor shows a draft preview (?preview=1) at phone and desktop widths in frames of its own page, so
  // those answers may be framed by this site only, and only when they are the page itself (200): the root middleware
  // answers everyone but an admin with a redirect or a refusal, and those keep the denial of every frame.
  const previewable = helmetFor(env, options, "self");
  return (req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    if (!isPreviewRequest(req.originalUrl)) return strict(req, res, next);
    const writeHead = res.writeHead;
    res.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
      if (this.statusCode !== 200 && args[0] !== 200) denyFraming(this);
      return writeHead.apply(this, args);
    } as typeof writeHead;
    previewable(req, res, next);
  };
}

/** The query parameter that shows any public page with the content editor's drafts, to admins only. */
export const PREVIEW_PARAM = "preview";

function isPreviewRequest(url: string): boolean {
  return new URL(url, "http://localhost").searchParams.has(PREVIEW_PARAM);
}

function denyFraming(res: express.Response) {
  res.setHeader("X-Frame-Options", "DENY");
  const csp = res.getHeader("Content-Security-Policy");
  if (typeof csp === "string") res.setHeader("Content-Security-Policy", csp.replace("frame-ancestors 'self'", "frame-ancestors 'none'"));
}

function helmetFor(env: Pick<Env, "publicUrl" | "google">, options: { dev?: boolean }, framing: "none" | "self") {
  const https = env.publicUrl.startsWith("https:");
  return helmet({
    contentSecurityPolicy: options.dev
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.nonce}'`],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", "data:", "blob:"],
            connectSrc: ["'self'", "blob:"],
            fontSrc: ["'self'", "data:"],
            objectSrc: ["'none'"],
            frameAncestors: [`'${framing}'`],
            baseUri: ["'self'"],
            formAction: ["'self'", ...(env.google ? [env.google.issuer] : [])],
            upgradeInsecureRequests: https ? [] : null,
          },
        },
    // Secure transport is the reverse proxy's job; only announce HSTS when the public address is https.
    strictTransportSecurity: https,
    crossOriginEmbedderPolicy: false,
    // helmet's default, no-referrer, makes browsers send `Origin: null` on a plain form post, which the
    // cross-site check must then take on trust; with this policy they send the real origin to this site.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: framing === "self" ? "sameorigin" : "deny" },
  });
}

/**
 * Scripts, styles, photos and avatars are not documents: the page headers (CSP, framing, referrer, permissions:
 * about 1.3 KB) do nothing for them and would be sent again with each of a page's dozen files. They need only
 * nosniff and the rule that other sites may not embed them.
 */
export const fileHeaders: express.RequestHandler = (_req, res, next) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  next();
};
