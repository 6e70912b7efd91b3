import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, type Page, expect, test } from "@playwright/test";
import { HttpClient, createVerifiedUser } from "../support/http-client";
import { testPort } from "../support/ports";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { type ContextOptions, signedInContext } from "./support/accounts";
import { trackPageErrors } from "./support/page-errors";
import { waitForHydration } from "./support/public-site";
import { seedGallery } from "./support/seed-gallery";

// Project pages (issue 23): the admin at /manage/projects, /projects and /projects/{slug}, the before-and-after
// slider with and without JavaScript, the price guide on /services, structured data and the image sitemap.
const PORT = testPort("e2e/projects");
let server: RunningServer;
let admin: HttpClient;
let member: HttpClient;
let photos: { id: string; title: string }[];


test.beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-projects-"));
  const seeded = await seedGallery(
    dataDir,
    "plastering",
    Array.from({ length: 8 }, (_, i) => ({ name: `wall-${i}`, title: `Wall ${i}`, width: 400, height: 300 })),
    { distinct: 2 },
  );
  photos = seeded.images.map((image) => ({ id: image.id, title: image.title }));
  server = await startIsolatedServer(PORT, {}, { dataDir });
  admin = new HttpClient(server.baseURL);
  await createVerifiedUser(admin, server.dataDir, "owner@projects.test", "projects-password-1");
  member = new HttpClient(server.baseURL);
  await createVerifiedUser(member, server.dataDir, "member@projects.test", "projects-password-2");
});
test.afterAll(async () => server?.stop());
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

function asAdmin(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  return signedInContext(browser, server.baseURL, admin.cookieHeader, options);
}

type ProjectFields = { title: string; serviceId?: string; town?: string; month?: string; costFrom?: string; costTo?: string; pairs?: number; reviewId?: string };

/** The editor's fields for a project as makeProject fills them. */
function projectForm(fields: ProjectFields): Record<string, string> {
  const body: Record<string, string> = {
    title: fields.title,
    serviceId: fields.serviceId ?? "plastering",
    town: fields.town ?? "Bath",
    month: fields.month ?? "2025-06",
    duration: "3 days",
    costFrom: fields.costFrom ?? "",
    costTo: fields.costTo ?? "",
    story: "We **skimmed** the walls.\n\nThen we painted.",
    reviewId: fields.reviewId ?? "",
  };
  for (let i = 0; i < (fields.pairs ?? 1); i++) {
    body[`pair-${i}-before`] = photos[(2 * i) % photos.length]!.id;
    body[`pair-${i}-after`] = photos[(2 * i + 1) % photos.length]!.id;
    body[`pair-${i}-beforeAlt`] = `Bare wall ${i + 1}`;
    body[`pair-${i}-afterAlt`] = `Smooth wall ${i + 1}`;
  }
  return body;
}

/** Makes a project through the admin's own posts; publishes it unless told otherwise. Returns its id and slug. */
async function makeProject(fields: ProjectFields, publish = true): Promise<{ id: string; slug: string }> {
  const created = await admin.post("/manage/projects", { intent: "create" });
  expect(created.status).toBe(302);
  const id = created.headers.get("location")!.split("/").pop()!;
  const body = { ...projectForm(fields), revision: "1", intent: publish ? "publish" : "save" };
  const saved = await admin.post(`/manage/projects/${id}`, body);
  expect(saved.status, await saved.clone().text()).toBe(302);
  const list = await (await admin.get("/manage/projects")).text();
  const slug = new RegExp(`href="/manage/projects/${id}"[^]*?href="/projects/([a-z0-9-]+)"`).exec(list)?.[1] ?? "";
  return { id, slug };
}

// First in the file: nothing is published yet.
test("with no project published, the navbar, the home page and the sitemap do not send anyone to /projects", async ({ page, request }) => {
  await makeProject({ title: "Only a draft so far" }, false);
  await page.goto("/");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Projects", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "See whole jobs, before and after" })).toHaveCount(0);
  expect(await (await request.get("/sitemap.xml")).text()).not.toMatch(/\/projects<\/loc>/);
  // The page itself still answers, saying there is nothing yet.
  expect((await request.get("/projects")).status()).toBe(200);
});

test("visitors and members are refused the projects admin, its pages and its posts", async () => {
  const { id } = await makeProject({ title: "Guarded job" }, false);
  const visitor = new HttpClient(server.baseURL);
  for (const page of ["/manage/projects", `/manage/projects/${id}`]) {
    const response = await visitor.get(page);
    expect(response.status, page).toBe(302);
    expect(response.headers.get("location"), page).toMatch(/^\/signIn\?redirectTo=/);
    expect((await member.get(page)).status, page).toBe(403);
  }
  for (const [url, body] of [
    ["/manage/projects", { intent: "create" }],
    ["/manage/projects", { intent: "delete", id }],
    [`/manage/projects/${id}`, { intent: "publish", revision: "2", title: "Hijacked" }],
  ] as const) {
    expect((await visitor.post(url, body)).status, url).toBe(401);
    expect((await member.post(url, body)).status, url).toBe(403);
  }
  expect(await (await admin.get("/manage/projects")).text()).toContain("Guarded job");
  expect(await (await admin.get("/manage/projects")).text()).not.toContain("Hijacked");
});

test("without JavaScript at 360 px the owner makes a project, is refused a street, and publishes it", async ({ browser }) => {
  const context = await asAdmin(browser, { javaScriptEnabled: false, width: 360 });
  const page = await context.newPage();
  await page.goto("/manage");
  await page.getByRole("link", { name: "Projects", exact: true }).click();
  await page.getByRole("button", { name: "New project" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New project" })).toBeVisible();
  await page.getByLabel("Title").fill("Skimmed living room in Frome");
  await page.getByLabel("Service").selectOption("plastering");
  await page.getByLabel("Town").fill("12 Station Road");
  await page.getByLabel("Month").fill("2025-03");
  await page.getByLabel("Cost from").fill("600");
  await page.getByLabel("Cost to").fill("800");
  await page.getByLabel("Story").fill("A whole room, ceiling too.");
  const pair = page.getByRole("group", { name: "Pair 1" });
  await pair.getByText("Choose photos").first().click();
  await pair.getByRole("group", { name: "Before" }).getByRole("radio", { name: photos[2]!.title }).check();
  await pair.getByText("Choose photos").last().click();
  await pair.getByRole("group", { name: "After" }).getByRole("radio", { name: photos[3]!.title }).check();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.locator(".alert-danger")).toContainText("Town: Give the town or village only");
  await page.getByLabel("Town").fill("Frome");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.locator(".alert-success")).toContainText("Published");
  await expect(page.getByRole("link", { name: "/projects/skimmed-living-room-in-frome" })).toBeVisible();
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await context.close();

  const visitor = await browser.newPage();
  await visitor.goto("/projects");
  await expect(visitor.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
  await visitor.getByRole("link", { name: "Skimmed living room in Frome" }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: "Skimmed living room in Frome" })).toBeVisible();
  await expect(visitor.locator(".project-facts")).toContainText("Frome");
  await expect(visitor.locator(".project-facts")).toContainText("March 2025");
  await expect(visitor.locator(".project-facts")).toContainText("£600–£800");
  await visitor.close();
});

test("a draft is a 404 to visitors; publishing shows it and unpublishing hides it again", async ({ request }) => {
  const { id, slug } = await makeProject({ title: "Hidden kitchen ceiling" });
  expect(slug).toBe("hidden-kitchen-ceiling");
  expect((await request.get(`/projects/${slug}`)).status()).toBe(200);
  const revision = /name="revision" value="(\d+)"/.exec(await (await admin.get(`/manage/projects/${id}`)).text())![1]!;
  expect((await admin.post(`/manage/projects/${id}`, { intent: "unpublish", revision })).status).toBe(302);
  expect((await request.get(`/projects/${slug}`)).status()).toBe(404);
  expect(await (await request.get("/projects")).text()).not.toContain("Hidden kitchen ceiling");
  // A draft that was never published is not listed either.
  await makeProject({ title: "Never shown draft" }, false);
  expect(await (await request.get("/projects")).text()).not.toContain("Never shown draft");
});

test("without JavaScript each pair shows as two figures captioned Before and After", async ({ browser }) => {
  const { slug } = await makeProject({ title: "Three pairs in Wells", town: "Wells", pairs: 3 });
  for (const width of [360, 1280]) {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(`/projects/${slug}`);
    const figures = page.getByRole("figure");
    await expect(figures).toHaveCount(6);
    for (let i = 0; i < 3; i++) {
      await expect(figures.nth(2 * i).locator("figcaption")).toHaveText("Before");
      await expect(figures.nth(2 * i + 1).locator("figcaption")).toHaveText("After");
      await expect(figures.nth(2 * i).getByRole("img", { name: `Bare wall ${i + 1}` })).toBeVisible();
      await expect(figures.nth(2 * i + 1).getByRole("img", { name: `Smooth wall ${i + 1}` })).toBeVisible();
    }
    await expect(page.getByRole("slider")).toHaveCount(0);
    const [before, after] = [await figures.nth(0).boundingBox(), await figures.nth(1).boundingBox()];
    // Side by side on a wide screen, stacked on a phone.
    if (width === 1280) expect(after!.y).toBe(before!.y);
    else expect(after!.y).toBeGreaterThan(before!.y + before!.height - 1);
    // The first "before" photo is fetched first; the others are lazy (with script they come in turn, see below),
    // the later pairs after the first even when they show on the first screen.
    for (let i = 0; i < 6; i++) {
      const img = figures.nth(i).getByRole("img");
      if (i === 0) await expect(img).toHaveAttribute("fetchpriority", "high");
      else if (i === 1) await expect(img).not.toHaveAttribute("fetchpriority");
      else await expect(img).toHaveAttribute("fetchpriority", "low");
      if (i === 0) await expect(img).not.toHaveAttribute("loading", "lazy");
      else await expect(img).toHaveAttribute("loading", "lazy");
    }
    // Nothing waits for a script that never runs: every photo arrives.
    await expect
      .poll(() => page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>(".ba-figure img")].map((img) => img.complete && img.naturalWidth > 0)))
      .toEqual(Array(6).fill(true));
    await context.close();
  }
});

test("with JavaScript the slider follows the keyboard and a drag", async ({ browser }) => {
  const { slug } = await makeProject({ title: "Slider hallway", town: "Frome" });
  const context = await browser.newContext({ viewport: { width: 320, height: 700 } });
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await page.goto(`/projects/${slug}`);
  await waitForHydration(page);
  await expect(page.getByRole("figure")).toHaveCount(0);
  const slider = page.getByRole("slider", { name: /before and after/ });
  await expect(slider).toHaveAttribute("aria-valuetext", "50 % after");
  const after = page.locator(".ba-after");
  const clip = () => after.evaluate((element) => getComputedStyle(element).clipPath);
  const frame = page.locator(".ba-slider");
  const box = (await frame.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(320);

  await slider.focus();
  await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveAttribute("aria-valuetext", "51 % after");
  await page.keyboard.press("PageUp");
  await expect(slider).toHaveAttribute("aria-valuetext", "61 % after");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("PageDown");
  await expect(slider).toHaveAttribute("aria-valuetext", "50 % after");
  await page.keyboard.press("End");
  await expect(slider).toHaveAttribute("aria-valuetext", "100 % after");
  await page.keyboard.press("Home");
  await expect(slider).toHaveAttribute("aria-valuetext", "0 % after");

  // Drag the handle from the middle to a quarter of the way across.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  const value = Number(await slider.inputValue());
  expect(value).toBeGreaterThanOrEqual(23);
  expect(value).toBeLessThanOrEqual(27);
  await expect(slider).toHaveAttribute("aria-valuetext", `${value} % after`);
  // The "after" photo is cut at the handle, and both photos fill the one frame.
  expect(await clip()).toMatch(new RegExp(`^inset\\(0px (calc\\()?${100 - value}%\\)? 0px 0px\\)$`));
  const images = frame.locator("img");
  const [one, two] = [await images.nth(0).boundingBox(), await images.nth(1).boundingBox()];
  expect(one).toEqual(two);
  expect(errors).toEqual([]);
  await context.close();
});

test("with JavaScript a project's photos come in turn: the first before photo, its after photo, then the rest", async ({ browser }) => {
  const { slug } = await makeProject({ title: "Photos in turn", town: "Yeovil", pairs: 3 });
  // Lighthouse's phone: the first pair and part of the second on the first screen.
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await page.goto(`/projects/${slug}`);
  await waitForHydration(page);
  // Every photo of the three frames arrives.
  await expect
    .poll(() => page.evaluate(() => [...document.querySelectorAll<HTMLImageElement>(".ba-slider img")].map((img) => img.complete && img.naturalWidth > 0)))
    .toEqual(Array(6).fill(true));
  const timings = await page.evaluate(() => {
    const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    return [...document.querySelectorAll<HTMLImageElement>(".ba-slider img")].map((img) => {
      const entry = entries.find((e) => e.name === img.currentSrc)!;
      return { start: entry.startTime, end: entry.responseEnd };
    });
  });
  const [before, after, ...later] = timings;
  // The "after" photo is asked for once the "before" photo has arrived (and been drawn), the other pairs once it has.
  expect(after!.start).toBeGreaterThan(before!.end);
  for (const photo of later) expect(photo.start).toBeGreaterThan(after!.end);
  // Held photos keep their frames' size: nothing moved while they came.
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().reduce((sum, e) => sum + (e as unknown as { value: number }).value, 0))).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(0), 500);
      }),
  );
  expect(shift).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});

test("structured data names the town as a locality, never a street address", async ({ request }) => {
  // The action refuses a street outright...
  const created = await admin.post("/manage/projects", { intent: "create" });
  const id = created.headers.get("location")!.split("/").pop()!;
  const refused = await admin.post(`/manage/projects/${id}`, { revision: "1", intent: "publish", title: "Porch", serviceId: "joinery", town: "4 Mill Lane, Bath", month: "2024-11", story: "A porch." });
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain("Give the town or village only");
  // ...and a published project's JSON-LD has the town as addressLocality only.
  const { slug } = await makeProject({ title: "Garden wall in Keynsham", town: "Keynsham" });
  const html = await (await request.get(`/projects/${slug}`)).text();
  const json = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
  const data = JSON.parse(json);
  expect(data.locationCreated.address).toEqual({ "@type": "PostalAddress", addressLocality: "Keynsham", addressCountry: "GB" });
  expect(json).not.toContain("streetAddress");
  // The page's link preview is an "after" photo.
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/media\/[0-9a-f-]+\//);
});

test("Typical cost shows on /services only once three projects of a service have cost bands, and can be switched off", async ({ request }) => {
  const typical = async () => {
    const html = await (await request.get("/services")).text();
    return /Typical cost: ([^<]+)<\/strong>[^(]*\(the middle half of the (\d+) jobs/.exec(html)?.slice(1) ?? null;
  };
  await makeProject({ title: "Tiled splashback", serviceId: "tiling", costFrom: "300", costTo: "400" });
  await makeProject({ title: "Tiled shower", serviceId: "tiling", costFrom: "900", costTo: "1100" });
  // A project without a band does not count.
  await makeProject({ title: "Tiled hall floor", serviceId: "tiling" });
  expect(await typical()).toBeNull();
  await makeProject({ title: "Tiled bathroom", serviceId: "tiling", costFrom: "1800", costTo: "2200" });
  // Middles 350, 1000, 2000: quartiles 675 and 1500.
  expect(await typical()).toEqual(["£670–£1,500", "3"]);

  expect((await admin.post("/manage/projects", { intent: "price-guide", on: "no" })).status).toBe(302);
  expect(await typical()).toBeNull();
  expect((await admin.post("/manage/projects", { intent: "price-guide", on: "yes" })).status).toBe(302);
  expect(await typical()).toEqual(["£670–£1,500", "3"]);
});

test("the sitemap lists public gallery and project photos with their pages, and no draft", async ({ request }) => {
  const { slug } = await makeProject({ title: "Sitemap ceiling", town: "Radstock" });
  await makeProject({ title: "Sitemap draft only" }, false);
  const xml = await (await request.get("/sitemap.xml")).text();
  expect(xml).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
  const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>([\s\S]*?)<\/url>/g)].map((m) => ({ loc: m[1]!, images: [...m[2]!.matchAll(/<image:loc>([^<]+)<\/image:loc>/g)].map((i) => i[1]!) }));
  const project = urls.find((url) => url.loc.endsWith(`/projects/${slug}`))!;
  expect(project.images.map((src) => /\/media\/([^/]+)\//.exec(src)![1])).toEqual([photos[0]!.id, photos[1]!.id]);
  const gallery = urls.find((url) => /\/gallery\/\d+$/.test(url.loc))!;
  expect(gallery.images).toHaveLength(photos.length);
  expect(urls.some((url) => url.loc.endsWith("/projects"))).toBe(true);
  expect(xml).not.toContain("sitemap-draft-only");
  // Only public photo addresses: nothing under /manage (enquiry photos) or elsewhere.
  for (const url of urls) for (const src of url.images) expect(src).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\//);
});

test("the navbar and the home page link to /projects", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Projects", exact: true })).toHaveAttribute("href", "/projects");
  await expect(page.getByRole("main").getByRole("link", { name: "See whole jobs, before and after" })).toHaveAttribute("href", "/projects");
});

test("the owner reorders and deletes projects", async ({ browser }) => {
  await makeProject({ title: "Order job A" });
  await makeProject({ title: "Order job B" });
  const context = await asAdmin(browser);
  const page: Page = await context.newPage();
  await page.goto("/manage/projects");
  const titles = () => page.locator(".project-admin-list li a.fw-semibold").allTextContents();
  const first = (await titles())[0]!;
  const second = (await titles())[1]!;
  await page.getByRole("button", { name: `Move ${first} down` }).click();
  await expect.poll(async () => (await titles()).slice(0, 2)).toEqual([second, first]);
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: `Delete ${first}` }).click();
  await expect.poll(async () => (await titles()).includes(first)).toBe(false);
  await context.close();
});

test("a linked review shows on the project page while it is published, its card's script fetched only there", async ({ request, page }) => {
  const added = await admin.post("/manage/reviews", {
    intent: "add",
    source: "A thank-you card",
    displayName: "Mrs Linked",
    town: "Bath",
    rating: "5",
    service: "plastering",
    month: "2025-05",
    body: "The ceiling is perfectly smooth and the room was left spotless.",
  });
  expect(added.status).toBeLessThan(400);
  const created = await admin.post("/manage/projects", { intent: "create" });
  const editor = await (await admin.get(created.headers.get("location")!)).text();
  const reviewId = /<option value="([0-9a-f-]{36})">Mrs Linked/.exec(editor)![1]!;
  const { slug } = await makeProject({ title: "Ceiling with a review", reviewId });
  let html = await (await request.get(`/projects/${slug}`)).text();
  expect(html).toContain("What the customer said");
  expect(html).toContain("The ceiling is perfectly smooth and the room was left spotless.");
  // In the browser the card's script is a file of its own, fetched by a page that shows a review (and only by one),
  // and the page hydrates without a complaint.
  const errors = trackPageErrors(page);
  const scripts: string[] = [];
  page.on("request", (sent) => {
    if (sent.resourceType() === "script") scripts.push(new URL(sent.url()).pathname);
  });
  await page.goto(`/projects/${slug}`);
  await waitForHydration(page);
  await expect(page.getByText("The ceiling is perfectly smooth and the room was left spotless.")).toBeVisible();
  await expect.poll(() => scripts.some((script) => script.includes("review-card"))).toBe(true);
  const { slug: plain } = await makeProject({ title: "Ceiling without a review" });
  scripts.length = 0;
  await page.goto(`/projects/${plain}`);
  await waitForHydration(page);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => script.includes("review"))).toEqual([]);
  expect(errors).toEqual([]);
  expect((await admin.post("/manage/reviews", { intent: "hold", reviewId, reason: "not-about-job" })).status).toBeLessThan(400);
  html = await (await request.get(`/projects/${slug}`)).text();
  expect(html).not.toContain("The ceiling is perfectly smooth");
});

/** The editor's form revision, as the page holds it. */
async function revisionOf(id: string): Promise<string> {
  return /name="revision" value="(\d+)"/.exec(await (await admin.get(`/manage/projects/${id}`)).text())![1]!;
}

test("with JavaScript the owner uploads a photo from the editor: it joins a gallery category and fills the pair slot", async ({ browser }) => {
  const { id } = await makeProject({ title: "Upload job", serviceId: "tiling", pairs: 0 }, false);
  const context = await asAdmin(browser);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await page.goto(`/manage/projects/${id}`);
  await waitForHydration(page);
  const upload = page.getByRole("group", { name: "Upload a photo" });
  await expect(upload.getByLabel("Photo file")).toHaveAttribute("accept", /\.heic/);
  // The category named for the project's service is offered (made on upload), and the first empty pair side.
  await expect(upload.getByLabel("Gallery category")).toHaveValue("new:Tiling");
  await expect(upload.getByLabel("Put it in")).toHaveValue("pair-0-before");
  // What was typed meanwhile is saved with the photo.
  await page.getByLabel("Town").fill("Midsomer Norton");
  await upload.getByLabel("Photo file").setInputFiles(path.join("tests/fixtures/images/landscape.jpg"));
  await upload.getByLabel("Alt text").fill("The hall before we started");
  await upload.getByRole("button", { name: "Upload and place" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Photo uploaded and placed" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("Town")).toHaveValue("Midsomer Norton");
  const before = page.getByRole("group", { name: "Pair 1" }).getByRole("group", { name: "Before" });
  const chosen = before.getByRole("radio", { name: "The hall before we started" });
  await expect(chosen).toBeChecked();
  await expect(page.getByLabel("Before photo: alt text").first()).toHaveValue("The hall before we started");
  // The photo is a gallery photo too, in the new "Tiling" category.
  expect(await (await admin.get("/manage")).text()).toContain("Tiling");
  expect(errors).toEqual([]);
  await context.close();
});

test("without JavaScript the owner uploads a photo by a plain form post and it joins the further photos", async ({ browser }) => {
  const { id } = await makeProject({ title: "No-script upload job" }, false);
  const context = await asAdmin(browser, { javaScriptEnabled: false, width: 360 });
  const page = await context.newPage();
  await page.goto(`/manage/projects/${id}`);
  const upload = page.getByRole("group", { name: "Upload a photo" });
  await upload.getByLabel("Photo file").setInputFiles("tests/fixtures/images/exif-rotated.jpg");
  await upload.getByLabel("Put it in").selectOption("photos");
  await upload.getByLabel("Gallery category").selectOption({ label: "plastering" });
  await upload.getByLabel("Alt text").fill("Finished ceiling rose");
  await upload.getByRole("button", { name: "Upload and place" }).click();
  await expect(page.locator(".alert-success")).toContainText("Photo uploaded and placed");
  await expect(page.getByLabel("Further photo 1: alt text")).toHaveValue("Finished ceiling rose");
  await expect(page.getByRole("group", { name: "Further photos" }).getByRole("checkbox", { name: "Finished ceiling rose" })).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // A file that is not an image is refused, and nothing is placed.
  await upload.getByLabel("Photo file").setInputFiles("tests/fixtures/images/not-really.jpg");
  await upload.getByRole("button", { name: "Upload and place" }).click();
  await expect(page.getByTestId("upload-failed")).toContainText("The photo was not uploaded");
  await context.close();
});

test("the project editor saves by itself, warns of another admin's save, and History restores an earlier version", async ({ browser }) => {
  const { id } = await makeProject({ title: "History job first title" });
  // A second publish with another title: two versions.
  const second = await admin.post(`/manage/projects/${id}`, { ...projectForm({ title: "History job second title" }), revision: await revisionOf(id), intent: "publish" });
  expect(second.status).toBe(302);
  const context = await asAdmin(browser);
  const page = await context.newPage();
  await page.goto(`/manage/projects/${id}`);
  await waitForHydration(page);
  await page.getByLabel("How long it took").fill("A week");
  await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 10_000 });
  await page.reload();
  await expect(page.getByLabel("How long it took")).toHaveValue("A week");

  // Another admin saves meanwhile: the next autosave is refused and both versions are shown.
  await waitForHydration(page);
  const other = await admin.post(`/manage/projects/${id}`, { ...projectForm({ title: "History job second title", town: "Shepton Mallet" }), revision: await revisionOf(id), intent: "save" });
  expect(other.status).toBe(302);
  await page.getByLabel("Story").fill("My own story of the job.");
  await expect(page.getByTestId("conflict")).toContainText("saved this page while you were editing", { timeout: 10_000 });
  await expect(page.getByTestId("save-status")).toContainText("Not saved: someone else saved");
  await expect(page.getByTestId("conflict")).toContainText("Shepton Mallet");

  await page.goto(`/manage/projects/${id}`);
  await page.getByRole("link", { name: "History", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("History:");
  const versions = page.getByTestId("version");
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText("Changed: Title");
  await versions.last().getByRole("button", { name: /Restore/ }).click();
  await expect(page.locator(".alert-success")).toContainText("That version is now your draft");
  await expect(page.getByLabel("Title")).toHaveValue("History job first title");
  // The draft set aside by the restore is kept as a version.
  await page.getByRole("link", { name: "History", exact: true }).click();
  await expect(versions).toHaveCount(3);
  await context.close();
});


test("the project editor and its history fit a 360 px phone, with 44 px buttons, and axe finds nothing in light and dark", async ({ browser }) => {
  test.setTimeout(180_000);
  const { id } = await makeProject({ title: "Phone-sized job", pairs: 2 });
  for (const colorScheme of ["light", "dark"] as const) {
    const context = await asAdmin(browser, { width: 360, colorScheme });
    const page = await context.newPage();
    for (const path of [`/manage/projects/${id}`, `/manage/projects/${id}/history`]) {
      await page.goto(path);
      await waitForHydration(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      const small = await page.locator("main .btn:visible").evaluateAll((elements) => elements.filter((e) => e.getBoundingClientRect().height < 44).map((e) => e.textContent));
      expect(small, path).toEqual([]);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
      expect(results.violations.map((v) => `${path} ${colorScheme}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
    await context.close();
  }
});
