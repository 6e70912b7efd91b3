import { type Browser, type Page, expect, test } from "@playwright/test";
import { testPort } from "../support/ports";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { trackPageErrors } from "./support/page-errors";
import { fakeUploadedPhotos, seedGallery, waitForHydration } from "./support/public-site";

// A visitor without a session gets only the rules their page can use inlined, and the whole stylesheet linked after
// the content for the scripts, which make the link live once the page has painted
// (app/server/http/anonymous-document.server.ts). Nothing may change when that stylesheet arrives.
// A site of its own, with a gallery, so the other specs' sites stay without photos.

const PORT = testPort("e2e/page-styles");
const STYLESHEET = /\/assets\/(site-styles|bootstrap-extras)-[\w-]+\.css$/;
let server: RunningServer;
let galleryPath: string;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });
test.beforeAll(async () => {
  server = await startIsolatedServer(PORT);
  galleryPath = `/gallery/${seedGallery(server.dataDir, "plastering", 8).categoryId}`;
});
test.afterAll(async () => server?.stop());

/**
 * Every element's computed style (and its ::before, ::after and ::marker), without custom properties: those the
 * inlined share leaves out are read by no rule the page uses. Every <details> is opened first, so that the rules
 * for open sections are compared too, and animations are stopped at their start.
 */
async function computedStyles(page: Page): Promise<Map<string, string>> {
  const entries = await page.evaluate(() => {
    for (const details of document.querySelectorAll("details")) details.open = true;
    // The contact form's question is drawn for each request; its length would change the page's height.
    document.querySelector('label[for="quote-check"]')?.replaceChildren("What is two plus two?");
    for (const animation of document.getAnimations()) {
      if (animation instanceof CSSTransition) animation.finish();
      else animation.currentTime = 0;
    }
    const where = (element: Element): string => {
      const parts: string[] = [];
      for (let e: Element | null = element; e && e !== document.documentElement; e = e.parentElement) {
        parts.unshift(`${e.tagName.toLowerCase()}:nth-child(${[...e.parentElement!.children].indexOf(e) + 1})`);
      }
      return parts.join(">") || "html";
    };
    const result: [string, string][] = [];
    // Scripts and the stylesheets' links (or their template, which the loader replaces with them) are never drawn.
    const drawn = [...document.querySelectorAll("body, body *")].filter((element) => !element.matches("script, link, template"));
    for (const element of [document.documentElement, ...drawn]) {
      for (const pseudo of ["", "::before", "::after", "::marker"]) {
        const style = getComputedStyle(element, pseudo || null);
        const values: string[] = [];
        for (let i = 0; i < style.length; i++) {
          const name = style.item(i);
          if (!name.startsWith("--")) values.push(`${name}: ${style.getPropertyValue(name)}`);
        }
        result.push([`${where(element)}${pseudo}`, values.join("; ")]);
      }
    }
    return result;
  });
  return new Map(entries);
}

/**
 * The page with JavaScript off (nothing but the stylesheet can change it), with or without its linked stylesheets.
 * Without JavaScript the links stay inert in their template; "linked" takes them out of it in the HTML, as the scripts'
 * loader would.
 */
async function styles(browser: Browser, url: string, width: number, colorScheme: "light" | "dark", linked: boolean) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 }, colorScheme });
  // A visit already counted, so that both loads show the same visitor number.
  await context.addCookies([{ name: "visited", value: "1", url }]);
  if (linked) {
    await context.route(url, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/<template data-deferred-stylesheets="">([\s\S]*?)<\/template>/, "$1");
      await route.fulfill({ response, body });
    });
  } else {
    await context.route(STYLESHEET, (route) => route.abort());
  }
  const page = await context.newPage();
  const stylesheets: string[] = [];
  page.on("requestfinished", (request) => {
    if (STYLESHEET.test(request.url())) stylesheets.push(request.url());
  });
  await page.goto(url, { waitUntil: "load" });
  const result = await computedStyles(page);
  await context.close();
  return { result, stylesheets };
}

for (const [width, colorScheme] of [
  [375, "light"],
  [1280, "light"],
  [1280, "dark"],
] as const) {
  test(`at ${width} px in ${colorScheme}: the linked stylesheet changes no element of the public pages`, async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    for (const url of ["/", "/aboutme", "/services", "/webdev", "/ha", "/contact", "/signIn", galleryPath, "/no-such-page"]) {
      const before = await styles(browser, baseURL + url, width, colorScheme, false);
      const after = await styles(browser, baseURL + url, width, colorScheme, true);
      expect(after.stylesheets.length, `${url} links the site's stylesheet`).toBeGreaterThan(0);
      expect([...after.result.keys()], url).toEqual([...before.result.keys()]);
      // The deepest first: a change to an element's size shows in all its ancestors too.
      const changed = [...after.result].filter(([where, style]) => before.result.get(where) !== style).sort(([a], [b]) => b.length - a.length);
      const detail = changed.slice(0, 3).map(([where, style]) => {
        const old = new Set(before.result.get(where)!.split("; "));
        return `${where}: ${style.split("; ").filter((value) => !old.has(value)).join("; ")}`;
      });
      expect(detail, `${url}: elements the linked stylesheet changed`).toEqual([]);
    }
  });
}

test("without JavaScript the page never fetches the whole stylesheet: its inlined rules are all it needs", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const requested: string[] = [];
  page.on("request", (request) => STYLESHEET.test(request.url()) && requested.push(request.url()));
  for (const url of ["/", "/contact", galleryPath]) {
    await page.goto(baseURL + url, { waitUntil: "load" });
    await expect(page.locator("template[data-deferred-stylesheets]").first()).toBeAttached();
  }
  expect(requested).toEqual([]);
  await context.close();
});

test("the whole stylesheet is an immutable, precompressed asset; signed-in pages still inline all of it", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const href = /<template data-deferred-stylesheets=""><link rel="stylesheet" href="(\/assets\/site-styles-[\w-]+\.css)"/.exec(html)?.[1];
  expect(href).toBeDefined();
  const css = await request.get(href!, { headers: { "Accept-Encoding": "br" } });
  expect(css.headers()["content-encoding"]).toBe("br");
  expect(css.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const whole = await css.text();
  const inlined = /<style data-precedence="site" data-href="site-styles">([\s\S]*?)<\/style>/.exec(html)![1]!;
  expect(inlined.length).toBeLessThan(whole.length / 2);

  // A session cookie (here one of no session) gets the page as before: streamed, every rule inlined, nothing linked.
  const signedIn = await (await request.get("/", { headers: { Cookie: "better-auth.session_token=none" } })).text();
  expect(signedIn).toContain(`<style data-precedence="site" data-href="site-styles">${whole.trimEnd()}</style>`);
  expect(signedIn).not.toContain(href!);
});

test("with scripts, the stylesheet loads with them after the first paint, hydration waits for it, and the next page has every style", async ({ page }) => {
  const errors = trackPageErrors(page);
  await fakeUploadedPhotos(page.context());
  // When the module script that starts hydration ran: it sets this global first.
  await page.addInitScript(() => {
    let modules: unknown;
    Object.defineProperty(window, "__reactRouterRouteModules", {
      configurable: true,
      get: () => modules,
      set: (value) => {
        modules = value;
        (window as unknown as { modulesRanAt: number }).modulesRanAt = performance.now();
      },
    });
  });
  await page.route(STYLESHEET, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue().catch(() => {});
  });
  await page.goto("/", { waitUntil: "commit" });
  // Painted with the inlined rules while the stylesheet is still on its way, and not yet hydrated.
  await expect(page.locator(".site-navbar")).toHaveCSS("position", "sticky");
  await expect(page.getByRole("button", { name: /colours$/ })).toBeDisabled();
  await waitForHydration(page);
  // The scripts were fetched while the stylesheet was on its way, but the page only started once it had arrived.
  const timing = await page.evaluate(() => {
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const stylesheet = resources.find((r) => r.name.includes("/assets/site-styles-"))!;
    return {
      stylesheetStart: stylesheet.startTime,
      stylesheetEnd: stylesheet.responseEnd,
      firstScript: Math.min(...resources.filter((r) => /\/assets\/.+\.js$/.test(r.name)).map((r) => r.startTime)),
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
      modulesRanAt: (window as unknown as { modulesRanAt: number }).modulesRanAt,
    };
  });
  expect(timing.stylesheetStart).toBeGreaterThanOrEqual(timing.firstPaint);
  expect(timing.stylesheetEnd).toBeGreaterThan(timing.stylesheetStart + 1000);
  expect(timing.firstScript).toBeLessThan(timing.stylesheetEnd);
  expect(timing.modulesRanAt).toBeGreaterThanOrEqual(timing.stylesheetEnd);

  // The contact form's components were on no rule of the home page: the form components' stylesheet, which React
  // adds for the contact page, must come after the site's, as in a signed-in page's head.
  await page.getByRole("navigation").getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.locator(".form-control").first()).toHaveCSS("display", "block");
  const order = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => new URL((link as HTMLLinkElement).href).pathname.split("-")[0]),
  );
  expect(order.indexOf("/assets/site")).toBeLessThan(order.indexOf("/assets/bootstrap"));
  expect(errors).toEqual([]);
});
