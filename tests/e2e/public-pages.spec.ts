import { expect, test } from "@playwright/test";
import { trackPageErrors } from "./support/page-errors";
import { PUBLIC_PAGES, axeViolations, disclosure, expectOpen, fakeUploadedPhotos, seedGallery, site, waitForHydration } from "./support/public-site";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { testPort } from "../support/ports";

const { business } = site;

for (const { path, heading } of PUBLIC_PAGES) {
  test.describe(`${path}`, () => {
    for (const colorScheme of ["light", "dark"] as const) {
      for (const width of [375, 1280]) {
        test(`renders, hydrates cleanly and has no axe violations at ${width} px in ${colorScheme}`, async ({ browser }) => {
          const context = await browser.newContext({ colorScheme, viewport: { width, height: 800 } });
          const page = await context.newPage();
          const errors = trackPageErrors(page);
          const response = await page.goto(path);
          expect(response?.status()).toBe(200);
          await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
          await waitForHydration(page);
          expect(await axeViolations(page)).toEqual([]);
          expect(errors).toEqual([]);
          await context.close();
        });
      }
    }
  });
}

test("the page's styles are inlined once, the rest linked after the content, and both stay through client-side navigation", async ({ page }) => {
  const errors = trackPageErrors(page);
  await page.goto("/");
  const styles = page.locator('style[data-href="site-styles"]');
  await expect(styles).toHaveCount(1);
  // Nothing in the head holds up the first paint; the whole stylesheet follows the page's content.
  await expect(page.locator('head link[rel="stylesheet"]')).toHaveCount(0);
  const whole = page.locator('body > link[rel="stylesheet"][href^="/assets/site-styles-"]');
  await expect(whole).toHaveCount(1);
  await waitForHydration(page);
  await page.getByRole("link", { name: "More about me" }).click();
  await expect(page).toHaveURL(/\/aboutme$/);
  await page.getByRole("navigation").getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(styles).toHaveCount(1);
  await expect(whole).toHaveCount(1);
  // The home page's share of the stylesheet (app/server/styles): the rules its navbar uses are there, Bootstrap's
  // unused ones were never built (scripts/purge-bootstrap.ts).
  const css = (await styles.textContent()) ?? "";
  expect(css.length).toBeGreaterThan(10_000);
  expect(css.length).toBeLessThan(40_000);
  expect(css).toContain(".navbar-expand-md .navbar-nav");
  expect(css).toContain(".navbar-expand-md .offcanvas");
  expect(css).not.toContain(".offcanvas-xl");
  await expect(page.locator(".site-navbar")).toHaveCSS("position", "sticky");
  await expect(page.locator("main").getByRole("link", { name: business.email, exact: true })).toHaveCSS("border-top-style", "solid");

  // Other pages (forms, admin) also link the rest of Bootstrap, after a client-side navigation too.
  await page.getByRole("navigation").getByRole("link", { name: "Admin" }).click();
  await expect(page).toHaveURL(/\/signIn$/);
  const extras = page.locator('link[rel="stylesheet"][href*="/assets/bootstrap-extras"]');
  await expect(extras).toHaveCount(1);
  expect(await extras.evaluate((link: HTMLLinkElement) => link.sheet !== null)).toBe(true);
  await expect(styles).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("pages outside the public set get the extra stylesheet from the server", async ({ request }) => {
  const html = await (await request.get("/no-such-page")).text();
  expect(html).toMatch(/<link rel="(?:x-deferred-)?stylesheet" href="\/assets\/bootstrap-extras-[^"]+\.css"/);
  expect(await (await request.get("/services")).text()).not.toContain("bootstrap-extras");
});

test.describe("home page", () => {
  test("shows who he is, the areas, every service linking to its section, and how to get in touch", async ({ page }) => {
    await page.goto("/");
    const home = site.pages.home;
    await expect(page.getByText(home.intro[0]!)).toBeVisible();
    const areas = page.getByRole("region", { name: home.areasHeading }).getByRole("listitem");
    await expect(areas).toHaveText(business.areas);

    const services = page.getByRole("region", { name: home.servicesHeading }).getByRole("link");
    await expect(services).toHaveCount(site.services.length);
    for (const [index, service] of site.services.entries()) {
      await expect(services.nth(index)).toHaveAttribute("href", `/services#${service.id}`);
      await expect(services.nth(index)).toContainText(service.name);
    }

    await expect(page.getByRole("link", { name: home.callToAction })).toHaveAttribute("href", "/contact#quote");
    await expect(page.getByRole("link", { name: `Call ${business.phone}` })).toHaveAttribute("href", `tel:${business.phoneE164}`);
    const contact = page.getByRole("region", { name: home.contactHeading });
    await expect(contact.getByRole("link", { name: business.email })).toHaveAttribute("href", `mailto:${business.email}`);
    for (const [name, href] of [["More about me", "/aboutme"], ["Web and application development", "/webdev"], ["Home automation for landlords", "/ha"]]) {
      await expect(page.getByRole("link", { name })).toHaveAttribute("href", href!);
    }
    // No gallery photos yet on this site, so no empty "recent work" section either.
    await expect(page.getByRole("heading", { name: home.recentWorkHeading })).toHaveCount(0);
  });

  test("a service tile opens that section of the services page", async ({ page }) => {
    const errors = trackPageErrors(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("link", { name: /^Joinery/ }).click();
    await expect(page).toHaveURL(/\/services#joinery$/);
    await expectOpen(disclosure(page.locator("main"), "Joinery"));
    await expect(page).toHaveTitle(site.services.find((s) => s.id === "joinery")!.title);
    expect(errors).toEqual([]);
  });
});

test.describe("home page with gallery photos", () => {
  let server: RunningServer;
  let covers: string[];
  test.beforeAll(async () => {
    server = await startIsolatedServer(testPort("e2e/public-pages"));
    // Until the owner chooses covers, each gallery's first photo is its cover.
    covers = [seedGallery(server.dataDir, "kitchens", 3).imageIds[0]!, seedGallery(server.dataDir, "bathrooms", 3).imageIds[0]!];
  });
  test.afterAll(async () => server?.stop());

  test("shows a tile per gallery, in the owner's order, with its cover photo, sizes, modern formats and lazy loading", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 800 } });
    await fakeUploadedPhotos(context);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto("/");
    const recent = page.getByRole("region", { name: site.pages.home.recentWorkHeading });
    const images = recent.locator("img");
    await expect(images).toHaveCount(2);
    await expect(images.first()).toHaveAttribute("alt", "kitchens photo 1");
    await expect(images.first()).toHaveAttribute("src", `/media/${covers[0]}/w320.jpg?v=hjpeg320x`);
    await expect(images.nth(1)).toHaveAttribute("src", `/media/${covers[1]}/w320.jpg?v=hjpeg320x`);
    await expect(recent.getByRole("list").getByRole("link")).toHaveText(["kitchens", "bathrooms"]);
    for (const img of await images.all()) {
      await expect(img).toHaveAttribute("width", "640");
      await expect(img).toHaveAttribute("height", "480");
      await expect(img).toHaveAttribute("loading", "lazy");
    }
    const sources = recent.locator("picture").first().locator("source");
    await expect(sources).toHaveCount(2);
    await expect(sources.nth(0)).toHaveAttribute("type", "image/avif");
    await expect(sources.nth(0)).toHaveAttribute("srcset", `/media/${covers[0]}/w320.avif?v=havif320x 320w, /media/${covers[0]}/w640.avif?v=havif640x 640w`);
    await expect(sources.nth(1)).toHaveAttribute("type", "image/webp");
    await expect(recent.getByRole("link").first()).toHaveAttribute("href", /^\/gallery\/\d+$/);

    await recent.scrollIntoViewIfNeeded();
    await expect.poll(() => images.first().evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(".avif");
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

test.describe("about page", () => {
  test("lists the areas in its heading, has three sections, toggling photos and the caption", async ({ page }) => {
    const about = site.pages.about;
    await page.goto("/aboutme");
    for (const area of business.areas) await expect(page.getByRole("heading", { level: 1 })).toContainText(area);
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(about.sections.map((s) => s.heading));
    await expect(page.getByText(about.caption)).toBeVisible();
    await waitForHydration(page);

    const photos = page.getByRole("button", { pressed: false }).filter({ has: page.locator("img") });
    await expect(photos).toHaveCount(about.photos.length);
    const first = page.getByRole("button", { name: about.photos[0]!.alt });
    const second = page.getByRole("button", { name: about.photos[1]!.alt });
    const normalWidth = (await first.boundingBox())!.width;

    await first.click();
    await expect(first).toHaveAttribute("aria-pressed", "true");
    await expect(second).toHaveAttribute("aria-pressed", "false");
    await expect.poll(async () => (await first.boundingBox())!.width).toBeGreaterThan(normalWidth * 1.5);

    // Each photo keeps its own flag, and the keyboard works too.
    await second.focus();
    await page.keyboard.press("Enter");
    await expect(second).toHaveAttribute("aria-pressed", "true");
    await expect(first).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Space");
    await expect(second).toHaveAttribute("aria-pressed", "false");
    await first.click();
    await expect.poll(async () => (await first.boundingBox())!.width).toBeCloseTo(normalWidth, 0);
  });
});

test.describe("home automation page", () => {
  test("answers the questions in collapsible sections with the rules and thresholds", async ({ page }) => {
    const ha = site.pages.homeAutomation;
    await page.goto("/ha");
    await waitForHydration(page);
    const questions = page.locator("main summary");
    await expect(questions).toHaveText(ha.questions.map((q) => q.question));
    for (const topic of ["What is home automation?", "How does it work?", "What hardware does it need?", "What is Zigbee?", "How do I talk to the system?", "What about privacy?", "What happens if something fails?"]) {
      await expectOpen(disclosure(page, topic), false);
    }

    const how = disclosure(page, "How does it work?");
    await how.click();
    await expectOpen(how);
    const answer = page.locator("#how");
    await expect(answer).toContainText("tenant is at home");
    await expect(answer).toContainText("below about 20 °C");
    await expect(answer).toContainText("window is shut");
    await expect(answer).toContainText("When a window opens, that room's radiator turns off");
    await expect(answer).toContainText("10 minutes");
    await expect(answer).toContainText("the boiler stops calling for heat");

    // Keyboard: open another answer with Enter; both stay open.
    const failure = disclosure(page, "What happens if something fails?");
    await failure.focus();
    await page.keyboard.press("Enter");
    await expectOpen(failure);
    await expect(page.locator("#failure")).toContainText("everything on");
    await expect(page.locator("#failure")).toContainText("notifies the landlord");
    await expectOpen(how);

    await disclosure(page, "What about privacy?").click();
    await expect(page.locator("#privacy")).toContainText("Only the landlord has access");
    await expect(page.locator("#privacy")).toContainText("their own room");
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("contact page", () => {
  test("copies the e-mail address and says so; the phone number is a tel: link", async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto("/contact");
    await waitForHydration(page);
    await expect(page.getByRole("main").getByRole("link", { name: business.phone })).toHaveAttribute("href", `tel:${business.phoneE164}`);
    // Every page's footer carries the number too (issue 20).
    await expect(page.getByTestId("footer-phone")).toHaveAttribute("href", `tel:${business.phoneE164}`);
    const status = page.getByRole("status").filter({ hasText: /./ });
    await expect(status).toHaveCount(0);

    // Keyboard alone: Tab to the address and press Enter. (Before hydration it is a mailto: link.)
    const button = page.locator("main").getByRole("link", { name: business.email, exact: true });
    await expect(button).toHaveAttribute("href", `mailto:${business.email}`);
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "copied to clipboard" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(business.email);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a refused clipboard is only logged", async ({ page }) => {
    const errors = trackPageErrors(page);
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: () => Promise.reject(new DOMException("Denied", "NotAllowedError")) },
      });
    });
    await page.goto("/contact");
    await waitForHydration(page);
    await page.locator("main").getByRole("link", { name: business.email, exact: true }).click();
    await expect.poll(() => warnings.join("\n")).toContain("Could not copy the e-mail address");
    await expect(page.getByText("copied to clipboard")).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

test("the page's scripts start loading only after its first content is painted, and it still hydrates", async ({ page }) => {
  const errors = trackPageErrors(page);
  for (const path of ["/", "/services"]) {
    await page.goto(path);
    await waitForHydration(page);
    const timing = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/") && entry.name.endsWith(".js"))
        .map((entry) => entry.startTime),
    }));
    expect(timing.firstContentfulPaint).toBeGreaterThan(0);
    expect(timing.scripts.length).toBeGreaterThan(3);
    for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.firstContentfulPaint!);
    // The preload links are live again once the loader has run, so React adopts them as it hydrates.
    expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(3);
    await expect(page.locator('script[type="text/x-deferred-module"]')).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});

test("scripts and styles are sent Brotli-compressed from files made at build time", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const script = /href="(\/assets\/framework-[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  const br = await request.get(script!, { headers: { "Accept-Encoding": "br, gzip" } });
  expect(br.headers()["content-encoding"]).toBe("br");
  expect(br.headers()["content-type"]).toMatch(/javascript/);
  expect(br.headers()["cache-control"]).toContain("immutable");
  const gzip = await request.get(script!, { headers: { "Accept-Encoding": "gzip" } });
  expect(gzip.headers()["content-encoding"]).toBe("gzip");
  // Playwright decodes both; they are the same file.
  expect((await br.body()).equals(await gzip.body())).toBe(true);
  const plain = await request.get(script!, { headers: { "Accept-Encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  expect((await plain.body()).equals(await br.body())).toBe(true);
});
