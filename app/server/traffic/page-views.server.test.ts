import { describe, expect, it } from "vitest";
import { type ViewRequest, TrafficBuffer, classifyView as classifyWith } from "./page-views.server";
import { createRoutePatterns } from "./route-pattern.server";

// The shape of the build's route manifest, for a few of app/routes.ts's routes.
const manifestRoute = (id: string, path: string | undefined, extra: { index?: boolean; parentId?: string } = {}) => ({
  id,
  path,
  parentId: "root",
  module: {} as never,
  ...extra,
});
const patterns = createRoutePatterns({
  root: { id: "root", path: "", module: {} as never },
  "routes/public/home": manifestRoute("routes/public/home", undefined, { index: true }),
  "routes/public/services": manifestRoute("routes/public/services", "services"),
  "routes/public/gallery": manifestRoute("routes/public/gallery", "gallery/:id"),
  "routes/public/contact": manifestRoute("routes/public/contact", "contact"),
  "routes/admin/layout": manifestRoute("routes/admin/layout", "manage"),
  "routes/admin/enquiries": manifestRoute("routes/admin/enquiries", "enquiries", { parentId: "routes/admin/layout" }),
  "routes/public/not-found": manifestRoute("routes/public/not-found", "*"),
});
const classifyView = (request: ViewRequest, now?: Date) => classifyWith(request, patterns, now);

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const view = (overrides: Partial<ViewRequest>): ViewRequest => ({
  method: "GET",
  url: "/services",
  status: 200,
  contentType: "text/html; charset=utf-8",
  userAgent: BROWSER,
  referer: "",
  cookie: "",
  purpose: "",
  ownHosts: ["www.site.test"],
  ...overrides,
});
const day = new Date("2026-11-20T10:00:00Z");

describe("classifyView", () => {
  it("counts a browser's first document load as a visit, with the referring host", () => {
    expect(classifyView(view({ referer: "https://www.google.co.uk/search?q=plasterer" }), day)).toEqual({
      day: "2026-11-20",
      path: "/services",
      visit: true,
      referrerHost: "google.co.uk",
    });
  });
  it("a later page of the same session is a view, not a visit; internal links are not referrals", () => {
    expect(classifyView(view({ cookie: "visited=1", referer: "https://www.site.test/" }), day)).toMatchObject({ visit: false, referrerHost: null });
  });
  it("a client-side navigation (.data) counts as a view of its page, never a visit or a referral", () => {
    expect(classifyView(view({ url: "/gallery/3.data?_routes=x", contentType: "text/x-script", referer: "https://elsewhere.test/" }), day)).toEqual({
      day: "2026-11-20",
      path: "/gallery/3",
      visit: false,
      referrerHost: null,
    });
    expect(classifyView(view({ url: "/_root.data", contentType: "text/x-script" }), day)?.path).toBe("/");
  });
  it.each([
    ["a bot", { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }],
    ["no user agent", { userAgent: "" }],
    ["a prefetch", { purpose: "prefetch " }],
    ["a 404", { status: 404 }],
    ["a POST", { method: "POST" }],
    ["an image", { url: "/media/x/w320.avif", contentType: "image/avif" }],
    ["an admin page", { url: "/manage/enquiries" }],
    ["an admin page spelt otherwise", { url: "/MANAGE/Enquiries/" }],
  ])("does not count %s", (_name, overrides) => {
    expect(classifyView(view(overrides as Partial<ViewRequest>), day)).toBeNull();
  });
});

describe("pages counted under their route's pattern", () => {
  it.each([
    ["/services", "/services"],
    ["/SERVICES", "/services"],
    ["/%73ervices", "/services"],
    ["/services/", "/services"],
    ["/services?utm=x", "/services"],
    ["/", "/"],
    ["/gallery/3", "/gallery/3"],
    ["/gallery/3.data?_routes=x", "/gallery/3"],
    ["/gallery/03", "/gallery/:id"],
    ["/gallery/%33", "/gallery/3"],
    ["/gallery/3abc", "/gallery/:id"],
  ])("%s counts as %s", (url, path) => {
    const data = url.includes(".data");
    expect(classifyView(view({ url, contentType: data ? "text/x-script" : "text/html" }), day)?.path).toBe(path);
  });
  it("a thousand spellings of one page make one row", () => {
    const buffer = new TrafficBuffer();
    for (let i = 0; i < 1000; i++) {
      const url = `/${[..."services"].map((c, j) => ((i >> j) & 1 ? c.toUpperCase() : c)).join("")}${i % 2 ? "/" : ""}`;
      const counted = classifyView(view({ url }), day);
      if (counted) buffer.add(counted);
    }
    expect(buffer.take().paths).toEqual([{ day: "2026-11-20", path: "/services", views: 1000 }]);
  });
});

describe("TrafficBuffer", () => {
  it("adds up views, visits, paths and referrers per day, and starts empty after take()", () => {
    const buffer = new TrafficBuffer();
    buffer.add({ day: "2026-11-20", path: "/", visit: true, referrerHost: "bing.com" });
    buffer.add({ day: "2026-11-20", path: "/", visit: false, referrerHost: null });
    buffer.add({ day: "2026-11-21", path: "/contact", visit: true, referrerHost: "bing.com" });
    expect(buffer.take()).toEqual({
      days: [
        { day: "2026-11-20", visits: 1, views: 2 },
        { day: "2026-11-21", visits: 1, views: 1 },
      ],
      paths: [
        { day: "2026-11-20", path: "/", views: 2 },
        { day: "2026-11-21", path: "/contact", views: 1 },
      ],
      referrers: [
        { day: "2026-11-20", host: "bing.com", views: 1 },
        { day: "2026-11-21", host: "bing.com", views: 1 },
      ],
    });
    expect(buffer.size).toBe(0);
  });
  it("is bounded: new paths beyond the limit are dropped and counted as dropped", () => {
    const buffer = new TrafficBuffer(3);
    for (let i = 0; i < 10; i++) buffer.add({ day: "2026-11-20", path: `/p${i}`, visit: false, referrerHost: null });
    expect(buffer.size).toBeLessThanOrEqual(3);
    expect(buffer.dropped).toBeGreaterThan(0);
  });
  it("takes back a batch that could not be written, adding it to what arrived meanwhile", () => {
    const buffer = new TrafficBuffer();
    buffer.add({ day: "2026-11-20", path: "/", visit: true, referrerHost: "bing.com" });
    const failed = buffer.take();
    buffer.add({ day: "2026-11-20", path: "/", visit: false, referrerHost: null });
    buffer.restore(failed);
    expect(buffer.take()).toEqual({
      days: [{ day: "2026-11-20", visits: 1, views: 2 }],
      paths: [{ day: "2026-11-20", path: "/", views: 2 }],
      referrers: [{ day: "2026-11-20", host: "bing.com", views: 1 }],
    });
  });
});
