import { describe, expect, it, vi } from "vitest";
import { PAGE_STYLES_PLACEHOLDER, finishAnonymousDocument } from "./anonymous-document.server";

const SITE_STYLESHEET_HREF = "/assets/site-styles-A1.css";
const EXTRAS_STYLESHEET_HREF = "/assets/bootstrap-extras-B2.css";

// Small stand-ins for the built stylesheets (the unit tests do not run Vite's CSS build).
vi.mock("~/server/styles/site-styles.server", async () => {
  const { createCriticalCss } = await import("~/server/styles/critical-css.server");
  const SITE = ":root{--bs-danger:red;--bs-unused:0}body{margin:0}.site-main{flex:1}.card{padding:0}";
  const EXTRAS = ".form-control{display:block;color:var(--bs-danger)}.table{width:100%}";
  return {
    SITE_STYLESHEET_HREF: "/assets/site-styles-A1.css",
    EXTRAS_STYLESHEET_HREF: "/assets/bootstrap-extras-B2.css",
    siteCriticalCss: createCriticalCss(SITE),
    siteAndExtrasCriticalCss: createCriticalCss(SITE + EXTRAS),
  };
});

// The shape React 19 and React Router 8 write (see defer-scripts.server.test.ts), with the site's style resource.
const page = ({ extras = false, main = true } = {}) =>
  [
    '<!DOCTYPE html><html lang="en-GB"><head><meta charSet="utf-8"/>',
    `<style data-precedence="site" data-href="site-styles">${PAGE_STYLES_PLACEHOLDER}</style>`,
    extras ? `<link rel="stylesheet" href="${EXTRAS_STYLESHEET_HREF}" data-precedence="site"/>` : "",
    '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N1"/>',
    "</head><body>",
    main
      ? '<main id="main" class="site-main"><script type="application/ld+json">{}</script><input class="form-control"></main>'
      : "<p>Text</p>",
    '<footer class="site-footer">Footer</footer>',
    '<script nonce="N1">window.__reactRouterContext = {};</script>',
    '<script nonce="N1" type="module" async="">import("/assets/entry.client-A.js");</script>',
    "</body></html>",
  ].join("");

const link = (href: string) => `<link rel="stylesheet" href="${href}" data-precedence="site"/>`;
const deferred = (...hrefs: string[]) => `<template data-deferred-stylesheets="">${hrefs.map(link).join("")}</template>`;

describe("the page a visitor without a session gets", () => {
  it("inlines the rules the page can use", () => {
    expect(finishAnonymousDocument(page(), "N1")).toContain('<style data-precedence="site" data-href="site-styles">body{margin:0}.site-main{flex:1}</style>');
  });

  it("links the whole stylesheet after the page's content, inert until the scripts' loader makes it live", () => {
    const html = finishAnonymousDocument(page(), "N1");
    expect(html).toContain(`</footer>${deferred(SITE_STYLESHEET_HREF)}<script nonce="N1">window.__reactRouterContext`);
    // The only link is the template's, which the browser neither renders nor fetches.
    expect(html.split('<link rel="stylesheet"')).toHaveLength(2);
    expect(html.indexOf(deferred(SITE_STYLESHEET_HREF))).toBeLessThan(html.indexOf("(function(){var done"));
    expect(html).not.toContain(PAGE_STYLES_PLACEHOLDER);
  });

  it("links it live when the page has no scripts to wait for it", () => {
    const html = finishAnonymousDocument(page().replace(/<script nonce="N1" type="module"[^]*?<\/script>/, ""), "N1");
    expect(html).toContain(`</footer>${link(SITE_STYLESHEET_HREF)}<script nonce="N1">window.__reactRouterContext`);
    expect(html).not.toContain("<template");
  });

  it("defers the scripts as every page does", () => {
    expect(finishAnonymousDocument(page(), "N1")).toContain('<script nonce="N1" type="text/x-deferred-module">');
  });

  it("moves the form components' stylesheet down after the site's and inlines its share after the site's", () => {
    const html = finishAnonymousDocument(page({ extras: true }), "N1");
    expect(html.slice(0, html.indexOf("</head>"))).not.toContain("stylesheet");
    // One choice over both, so that the site's custom properties the components read are kept.
    expect(html).toContain(">:root{--bs-danger:red}body{margin:0}.site-main{flex:1}.form-control{display:block;color:var(--bs-danger)}</style>");
    expect(html).toContain(`</footer>${deferred(SITE_STYLESHEET_HREF, EXTRAS_STYLESHEET_HREF)}<script`);
  });

  it("puts the links at the end of a body without a main element, live since the loader is before them", () => {
    expect(finishAnonymousDocument(page({ main: false }), "N1")).toMatch(new RegExp(`${link(SITE_STYLESHEET_HREF).replace(/[.?*+()[\]]/g, "\\$&")}</body>`));
  });

  it("leaves a document without the site's style resource as it is, apart from the scripts", () => {
    const html = page().replace(PAGE_STYLES_PLACEHOLDER, "body{}");
    expect(finishAnonymousDocument(html, "N1")).not.toContain(SITE_STYLESHEET_HREF);
  });
});
