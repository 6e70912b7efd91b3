import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { trackPageErrors } from "./support/page-errors";
import { disclosure, expectOpen, waitForHydration } from "./support/public-site";

test.beforeAll(() => {
  // Galleries come from the database; add two categories directly, as the admin pages would.
  const db = new Database(path.resolve("tmp/e2e-data/site.db"));
  const now = new Date().toISOString();
  const insert = db.prepare(`insert into "category" ("name", "createdAt", "updatedAt") values (?, ?, ?) on conflict do nothing`);
  insert.run("kitchens", now, now);
  insert.run("bathroom makeovers", now, now);
  db.close();
});

// The seeded content's first year of copyright, to this year by the server's clock.
const THIS_YEAR = new Date().getFullYear();
const COPYRIGHT = THIS_YEAR > 2024 ? `© 2024–${THIS_YEAR}` : "© 2024";

test("desktop: navbar, galleries dropdown, footer, no hydration errors", async ({ page }) => {
  const errors = trackPageErrors(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await waitForHydration(page);
  const nav = page.getByRole("navigation");
  await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Services" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Contact" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/signIn");
  await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();

  const galleries = disclosure(nav, "Galleries");
  await galleries.click();
  await expect(page.getByRole("link", { name: "Bathroom Makeovers" })).toBeVisible();
  const kitchens = page.getByRole("link", { name: "Kitchens", exact: true });
  await expect(kitchens).toHaveAttribute("href", /^\/gallery\/\d+$/);
  // Like Bootstrap's dropdown: the arrow keys move through the items, Escape closes it and returns to the toggle,
  // and a click elsewhere closes it too. The galleries come in the owner's order: here the order they were added.
  await page.keyboard.press("ArrowDown");
  await expect(kitchens).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("link", { name: "Bathroom Makeovers" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expectOpen(galleries, false);
  await expect(galleries).toBeFocused();
  await galleries.click();
  await expect(kitchens).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(kitchens).toBeHidden();

  await expect(page.locator("footer")).toContainText(COPYRIGHT);
  await expect(page.locator(".site-navbar")).toHaveCSS("position", "sticky");
  expect(errors).toEqual([]);
});

test("phone: links move into an offcanvas menu, closed on navigation", async ({ page }) => {
  const errors = trackPageErrors(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "Contact", exact: true })).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.locator("#site-menu");
  await expect(menu.getByRole("link", { name: "Contact" })).toBeVisible();
  await menu.getByRole("button", { name: "Close menu" }).click();
  await expect(menu.getByRole("link", { name: "Contact" })).toBeHidden();
  // The Galleries menu opens in place inside it; following a link closes the whole menu.
  await page.getByRole("button", { name: "Open menu" }).click();
  await disclosure(menu, "Galleries").click();
  await menu.getByRole("link", { name: "Kitchens", exact: true }).click();
  await expect(page).toHaveURL(/\/gallery\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kitchens");
  await expect(menu.getByRole("link", { name: "Contact" })).toBeHidden();
  expect(errors).toEqual([]);
});

test("unknown addresses answer 404 inside the site layout", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await expect(page.getByTestId("error-status")).toHaveText("404 Not Found");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Services" })).toBeVisible();
  await expect(page.locator("footer")).toContainText(COPYRIGHT);
});

test("colours follow the system preference, then the stored choice, from the first paint", async ({ browser }) => {
  const dark = await browser.newContext({ colorScheme: "dark" });
  const page = await dark.newPage();
  // Stop before any module script runs: the inline head script alone must have set the colours.
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-bs-theme", "dark");
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(0, 0, 0)");
  await expect(page.locator("body")).toHaveCSS("color", "rgb(255, 255, 255)");
  await page.evaluate(() => {
    localStorage.setItem("color", "#000000");
    localStorage.setItem("backgroundColor", "rgb(255, 255, 255)");
  });
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-bs-theme", "light");
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(255, 255, 255)");
  await dark.close();

  const light = await browser.newContext({ colorScheme: "light" });
  const lightPage = await light.newPage();
  await lightPage.goto("/");
  await expect(lightPage.locator("body")).toHaveCSS("background-color", "rgb(255, 255, 255)");
  await lightPage.getByRole("button", { name: "Dark colours" }).click();
  await expect(lightPage.locator("body")).toHaveCSS("background-color", "rgb(0, 0, 0)");
  expect(await lightPage.evaluate(() => localStorage.getItem("backgroundColor"))).toBe("#000000");
  await light.close();
});

test("without JavaScript the colours still follow the system preference", async ({ browser }) => {
  for (const [colorScheme, background, color] of [
    ["dark", "rgb(0, 0, 0)", "rgb(255, 255, 255)"],
    ["light", "rgb(255, 255, 255)", "rgb(0, 0, 0)"],
  ] as const) {
    const context = await browser.newContext({ colorScheme, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact");
    await expect(page.locator("html")).not.toHaveAttribute("data-bs-theme", /.*/);
    await expect(page.locator("body")).toHaveCSS("background-color", background);
    await expect(page.locator("body")).toHaveCSS("color", color);
    // Bootstrap's own dark colours too: a form field's border, and the browser's controls.
    await expect(page.getByLabel("Your name")).toHaveCSS("border-top-color", colorScheme === "dark" ? "rgb(73, 80, 87)" : "rgb(222, 226, 230)");
    await expect(page.locator("html")).toHaveCSS("color-scheme", colorScheme === "dark" ? "dark" : "normal");
    // The switch needs script to store a choice: without it, there is none to press.
    await expect(page.getByRole("button", { name: /colours$/ })).toBeHidden();
    await context.close();
  }
});

test("server basics: health check, security headers, compression, immutable assets", async ({ request, page }) => {
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok", database: "ok" });

  const home = await request.get("/", { headers: { "accept-encoding": "gzip, br" } });
  const headers = home.headers();
  // Rendered for this request, the inline scripts carry its nonce; sent from the page cache, the same page names
  // them by hash instead (page-cache.server.ts: cspForCachedPage). Either way, no 'unsafe-inline' for scripts.
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' '(nonce-|sha256-)/);
  expect(headers["content-security-policy"]).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  // Not helmet's no-referrer: with it a browser sends Origin: null on a native form post (see the origin check).
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["content-encoding"]).toMatch(/gzip|br/);
  // Framing refused by both headers alike (frame-ancestors 'none' and DENY), and no powerful feature for anyone.
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  const permissions = headers["permissions-policy"] ?? "";
  for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "serial", "bluetooth", "hid", "display-capture", "publickey-credentials-get"]) {
    expect(permissions).toContain(`${feature}=()`);
  }
  expect(permissions).toContain("clipboard-write=(self)");
  expect(headers["cross-origin-resource-policy"]).toBe("same-origin");

  // The browser applies it, and understands every feature named: Chromium reports an unknown one on the console
  // (this Debian build has neither Web Bluetooth nor Web Share, which Chrome on a phone has).
  const consoleMessages: string[] = [];
  page.on("console", (message) => consoleMessages.push(message.text()));
  await page.goto("/");
  const states = await page.evaluate(async () => {
    const query = async (name: string) => (await navigator.permissions.query({ name: name as PermissionName })).state;
    return { camera: await query("camera"), microphone: await query("microphone"), geolocation: await query("geolocation") };
  });
  expect(states).toEqual({ camera: "denied", microphone: "denied", geolocation: "denied" });
  const unknown = consoleMessages.filter((text) => /permissions.policy/i.test(text) && !/Unrecognized feature: '(bluetooth|web-share)'/.test(text));
  expect(unknown).toEqual([]);
  // The stylesheet is inlined (app/server/styles); the hashed assets are the JavaScript modules.
  const asset = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="modulepreload"], link[rel="x-deferred-modulepreload"]')?.href);
  expect(asset).toContain("/assets/");
  const assetResponse = await request.get(asset!);
  expect(assetResponse.headers()["cache-control"]).toContain("immutable");
  expect(assetResponse.headers()["cache-control"]).toContain("max-age=31536000");
  // Files, the hashed ones and the others, may not be embedded by other sites either.
  expect(assetResponse.headers()["cross-origin-resource-policy"]).toBe("same-origin");
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["cross-origin-resource-policy"]).toBe("same-origin");
  expect(favicon.headers()["x-content-type-options"]).toBe("nosniff");
});

test("the layout has no accessibility violations", async ({ page }) => {
  await page.goto("/");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
