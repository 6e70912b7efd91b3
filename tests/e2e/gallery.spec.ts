import AxeBuilder from "@axe-core/playwright";
import { type Page, type Route, expect, test } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { trackPageErrors } from "./support/page-errors";
import { waitForHydration } from "./support/public-site";
import { addImageWithoutFiles, deleteStoredFiles, seedGallery } from "./support/seed-gallery";
import { testPort } from "../support/ports";
import { GALLERY_PAGE_SIZE as PAGE } from "~/lib/gallery";

const XSS = "<img src=x onerror=alert(1)>";
let server: RunningServer;
let kitchens: number;
let plastering: number;
let bathrooms: number;
let missingFilesId: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-gallery-"));
  const seeded = await seedGallery(dataDir, "kitchen refits", [
    { name: "shaker", title: "Shaker kitchen", caption: "New units and a skimmed ceiling" },
    { name: "worktop", title: "", caption: "Worktop scribed to the wall" },
    { name: "hallway", title: "Hallway", caption: "" },
    { name: "html", title: "<b>Bold</b> claim", caption: XSS },
    { name: "lost", title: "Lost photo", caption: "Its files are gone" },
    // Larger than a thumbnail, so that its expanded view has a file of its own to wait for.
    { name: "shelves", title: "Shelves", caption: "Oak shelves", width: 800, height: 600 },
  ]);
  kitchens = seeded.categoryId;
  missingFilesId = seeded.images[4]!.id;
  await deleteStoredFiles(dataDir, missingFilesId);
  await addImageWithoutFiles(dataDir, kitchens, { name: "never-made", title: "Never made", caption: "Its variants were never made" });

  const photos = Array.from({ length: 60 }, (_, i) => ({ name: `wall-${i + 1}`, title: `Wall ${i + 1}`, caption: `Skimmed wall number ${i + 1}` }));
  plastering = (await seedGallery(dataDir, "plastering", photos, { distinct: 4 })).categoryId;
  bathrooms = (await seedGallery(dataDir, "bathroom makeovers", [])).categoryId;

  server = await startIsolatedServer(testPort("e2e/gallery"), {}, { dataDir });
});
test.afterAll(async () => server?.stop());

const photoList = (page: Page, gallery: string) => page.getByRole("list", { name: `${gallery} photos` });
const cards = (page: Page, gallery: string) => photoList(page, gallery).getByRole("listitem");
const cardTitles = (page: Page, gallery: string) => photoList(page, gallery).getByRole("heading", { level: 2 });

/** Errors other than the 404s of the photo whose files are missing, which the page answers with the fallback entry. */
const unexpected = (errors: string[]) =>
  errors.filter((error) => !(error.includes("the server responded with a status of 404") && error.includes(`/media/${missingFilesId}/`)));

test("a gallery loads from its address alone, with its capitalised name, title, description and preview image", async ({ page, request }) => {
  const errors = trackPageErrors(page);
  const response = await page.goto(`${server.baseURL}/gallery/${kitchens}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kitchen Refits");
  await expect(page).toHaveTitle("Kitchen Refits | Nene Valley Building");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Kitchen Refits: 7 photos of work by /);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${server.baseURL}/gallery/${kitchens}`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Kitchen Refits | Nene Valley Building");
  const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(ogImage).toMatch(new RegExp(`^${server.baseURL}/media/[0-9a-f-]{36}/w\\d+\\.(jpg|webp)\\?v=`));
  const preview = await request.get(ogImage!);
  expect(preview.status()).toBe(200);
  expect(preview.headers()["content-type"]).toMatch(/^image\/(jpeg|webp)$/);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kitchen Refits");
  await expect(cards(page, "Kitchen Refits")).toHaveCount(7);
  expect(unexpected(errors)).toEqual([]);
});

test("cards come in upload order with the title or 'No title', the caption, alt text and the tooltip", async ({ page }) => {
  await page.goto(`${server.baseURL}/gallery/${kitchens}`);
  await expect(cardTitles(page, "Kitchen Refits")).toHaveText([
    "Shaker kitchen",
    "No title",
    "Hallway",
    "<b>Bold</b> claim",
    "Image not found",
    "Shelves",
    "Image not found",
  ]);
  const first = cards(page, "Kitchen Refits").first();
  await expect(first).toContainText("New units and a skimmed ceiling");
  await expect(first.getByRole("img")).toHaveAttribute("alt", "New units and a skimmed ceiling");
  await expect(cards(page, "Kitchen Refits").nth(1)).toContainText("Worktop scribed to the wall");
  // No caption: the alt falls back to the title, never to nothing.
  await expect(cards(page, "Kitchen Refits").nth(2).getByRole("img")).toHaveAttribute("alt", "Hallway");
  await expect(page.getByTitle("Click on image to expand")).toHaveCount(7);
  // The pictures are links (to the photo itself until the page is hydrated), so a keyboard reaches and opens them.
  await expect(first.getByRole("link", { name: "New units and a skimmed ceiling" })).toBeVisible();
});

test("HTML in a caption or title is shown as text and never runs", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${server.baseURL}/gallery/${kitchens}`);
  await waitForHydration(page);
  const card = cards(page, "Kitchen Refits").nth(3);
  await expect(card.getByText(XSS, { exact: true })).toBeVisible();
  await expect(card.getByRole("heading", { name: "<b>Bold</b> claim" })).toBeVisible();
  await expect(card.locator("b")).toHaveCount(0);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await card.getByRole("link").click();
  await expect(page.getByRole("dialog").getByText(XSS, { exact: true })).toBeVisible();
  expect(dialogs).toEqual([]);
});

test("a photo whose files are missing, or were never made, shows the fallback entry", async ({ page }) => {
  const errors = trackPageErrors(page);
  await page.goto(`${server.baseURL}/gallery/${kitchens}`);
  await waitForHydration(page);
  for (const index of [4, 6]) {
    const card = cards(page, "Kitchen Refits").nth(index);
    await expect(card.getByRole("heading")).toHaveText("Image not found");
    await expect(card).toContainText("No caption available");
    await expect(card.getByRole("img")).toHaveAttribute("src", "/images/not-found.png");
  }
  // Only the missing files failed; the fallback picture itself loads.
  const notFound = cards(page, "Kitchen Refits").nth(4).getByRole("img");
  await expect.poll(() => notFound.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
  await cards(page, "Kitchen Refits").nth(4).getByRole("link").click();
  const dialog = page.getByRole("dialog", { name: "Image not found" });
  await expect(dialog).toContainText("No caption available");
  await expect(dialog.getByRole("img")).toHaveAttribute("src", "/images/not-found.png");
  expect(unexpected(errors)).toEqual([]);
});

test("the expanded view opens on click with title, caption and a large image, keeps focus inside and gives it back", async ({ page }) => {
  const errors = trackPageErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server.baseURL}/gallery/${kitchens}`);
  await waitForHydration(page);
  const opener = page.getByRole("link", { name: "New units and a skimmed ceiling" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Shaker kitchen" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("New units and a skimmed ceiling");
  await expect(dialog).toContainText("Photo 1 of 7");
  const image = dialog.getByRole("img", { name: "New units and a skimmed ceiling" });
  await expect(image).toHaveAttribute("sizes", "100vw");
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().height)).toBeGreaterThan(500);
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");

  // Focus is inside the dialog and stays there however far the visitor tabs.
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest(".modal"))).toBe(true);
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest(".modal"))).toBe(true);
  }

  // Clicking the picture closes it; focus returns to the card that opened it and the page scrolls again.
  await dialog.getByRole("button", { name: "Close expanded view" }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");

  // The keyboard opens it too (the picture is a link), and the Close button closes it.
  await opener.press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  expect(unexpected(errors)).toEqual([]);
});

test("Escape closes, the arrow keys and buttons move, and stepping past the loaded photos fetches more", async ({ page }) => {
  const errors = trackPageErrors(page);
  // One column: the end of the first page is far below, so nothing has fetched the second page yet.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${server.baseURL}/gallery/${plastering}`);
  await waitForHydration(page);
  await expect(cards(page, "Plastering")).toHaveCount(PAGE);
  await page.getByRole("link", { name: "Skimmed wall number 2", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toHaveAccessibleName("Wall 2");
  await page.keyboard.press("ArrowRight");
  await expect(dialog).toHaveAccessibleName("Wall 3");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(dialog).toHaveAccessibleName("Wall 1");
  await expect(dialog.getByRole("button", { name: "Previous" })).toBeDisabled();
  await page.keyboard.press("ArrowLeft");
  await expect(dialog).toHaveAccessibleName("Wall 1");
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog).toHaveAccessibleName("Wall 2");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("link", { name: "Skimmed wall number 2", exact: true })).toBeFocused();

  // The last photo of the first page is the last one loaded; the next step loads the next page and shows its first.
  await page.getByRole("link", { name: `Skimmed wall number ${PAGE}`, exact: true }).click();
  await expect(dialog).toHaveAccessibleName(`Wall ${PAGE}`);
  await expect(dialog).toContainText(`Photo ${PAGE} of 60`);
  await page.keyboard.press("ArrowRight");
  await expect(dialog).toHaveAccessibleName(`Wall ${PAGE + 1}`);
  await expect(dialog).toContainText(`Photo ${PAGE + 1} of 60`);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // Focus goes to the card of the photo last shown, which the grid now holds.
  await expect(page.getByRole("link", { name: `Skimmed wall number ${PAGE + 1}`, exact: true })).toBeFocused();
  expect(errors).toEqual([]);
});

test("a sideways swipe moves between photos, by finger or mouse, without closing the view", async ({ page }) => {
  const errors = trackPageErrors(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${server.baseURL}/gallery/${plastering}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Skimmed wall number 5", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toHaveAccessibleName("Wall 5");
  const picture = dialog.getByRole("button", { name: "Close expanded view" });
  const box = (await picture.boundingBox())!;
  const y = box.y + box.height / 2;

  // A finger swiping left: pointer events as a touch screen sends them.
  const touch = { pointerType: "touch", pointerId: 7, isPrimary: true, bubbles: true };
  await picture.dispatchEvent("pointerdown", { ...touch, clientX: box.x + box.width - 20, clientY: y });
  await picture.dispatchEvent("pointermove", { ...touch, clientX: box.x + box.width / 2, clientY: y + 5 });
  await picture.dispatchEvent("pointerup", { ...touch, clientX: box.x + 20, clientY: y + 8 });
  await expect(dialog).toHaveAccessibleName("Wall 6");

  // A mouse dragged right: the previous photo, and the click that ends the drag does not close the view.
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, y, { steps: 4 });
  await page.mouse.move(box.x + box.width - 20, y, { steps: 4 });
  await page.mouse.up();
  await expect(dialog).toHaveAccessibleName("Wall 5");
  await expect(dialog).toBeVisible();

  // A tap (no movement) still closes it.
  await picture.click();
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});

test("a long gallery sends a screenful first and loads the rest as the visitor scrolls", async ({ page, request }) => {
  const errors = trackPageErrors(page);
  await page.setViewportSize({ width: 375, height: 740 });
  const html = await (await request.get(`${server.baseURL}/gallery/${plastering}`)).text();
  expect(html.match(/<li class="col">/g)).toHaveLength(PAGE);

  await page.goto(`${server.baseURL}/gallery/${plastering}`);
  await waitForHydration(page);
  await expect(page.getByText("60 photos.")).toBeVisible();
  await expect(cards(page, "Plastering")).toHaveCount(PAGE);
  const pages: string[] = [];
  page.on("request", (r) => r.url().includes("/images?after=") && pages.push(r.url()));
  await page.mouse.wheel(0, 20_000);
  await expect(cards(page, "Plastering")).toHaveCount(2 * PAGE);
  // The button does the same for a keyboard, and focus moves to the first new photo.
  await page.getByRole("link", { name: "Load more photos" }).press("Enter");
  await expect(cards(page, "Plastering")).toHaveCount(3 * PAGE);
  await expect(page.getByRole("link", { name: `Skimmed wall number ${2 * PAGE + 1}`, exact: true })).toBeFocused();
  // Scrolling on reaches the end of the gallery.
  await expect(async () => {
    await page.mouse.wheel(0, 20_000);
    await expect(cards(page, "Plastering")).toHaveCount(60, { timeout: 1_000 });
  }).toPass();
  await expect(cardTitles(page, "Plastering").nth(59)).toHaveText("Wall 60");
  await expect(page.getByRole("link", { name: "Load more photos" })).toHaveCount(0);
  expect(pages).toHaveLength(Math.ceil(60 / PAGE) - 1);
  const titles = await cardTitles(page, "Plastering").allTextContents();
  expect(titles).toEqual(Array.from({ length: 60 }, (_, i) => `Wall ${i + 1}`));
  expect(errors).toEqual([]);
});

test("the next page is JSON at /gallery/{id}/images, and refuses a bad address", async ({ request }) => {
  const first = await request.get(`${server.baseURL}/gallery/${plastering}`);
  const after = /\?after=([0-9a-f-]{36})/.exec(await first.text())?.[1];
  expect(after).toBeTruthy();
  const next = await request.get(`${server.baseURL}/gallery/${plastering}/images?after=${after}`);
  expect(next.status()).toBe(200);
  expect(next.headers()["content-type"]).toContain("application/json");
  const body = (await next.json()) as { items: { title: string; caption: string }[]; nextAfter: string | null };
  expect(body.items.map((i) => i.title)).toEqual(Array.from({ length: PAGE }, (_, i) => `Wall ${i + PAGE + 1}`));
  expect(body.nextAfter).toMatch(/^[0-9a-f-]{36}$/);
  expect((await request.get(`${server.baseURL}/gallery/${plastering}/images?after=nonsense`)).status()).toBe(400);
  expect((await request.get(`${server.baseURL}/gallery/99999/images`)).status()).toBe(404);
});

test("without JavaScript, 'Load more photos' is a link to the next page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.baseURL}/gallery/${plastering}`);
  await expect(cards(page, "Plastering")).toHaveCount(PAGE);
  // A photo is a link to itself at its largest size.
  await expect(page.getByRole("link", { name: "Skimmed wall number 1", exact: true })).toHaveAttribute("href", /^\/media\/[0-9a-f-]{36}\/w\d+\.(jpg|webp)\?v=/);
  await page.getByRole("link", { name: "Load more photos" }).click();
  await expect(page).toHaveURL(new RegExp(`/gallery/${plastering}\\?after=`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plastering");
  await expect(cardTitles(page, "Plastering").first()).toHaveText(`Wall ${PAGE + 1}`);
  await expect(cards(page, "Plastering")).toHaveCount(PAGE);
  // On to the last page, which has no link further.
  const lastPage = Math.ceil(60 / PAGE);
  for (let n = 3; n <= lastPage; n++) {
    await page.getByRole("link", { name: "Load more photos" }).click();
    await expect(cardTitles(page, "Plastering").first()).toHaveText(`Wall ${(n - 1) * PAGE + 1}`);
  }
  await expect(cards(page, "Plastering")).toHaveCount(60 - (lastPage - 1) * PAGE);
  await expect(page.getByRole("link", { name: "Load more photos" })).toHaveCount(0);
  await page.getByRole("link", { name: "Back to the first photos" }).click();
  await expect(cardTitles(page, "Plastering").first()).toHaveText("Wall 1");
  await context.close();
});

test("'Loading Images' shows while the next photos load and while the navbar switches galleries", async ({ page }) => {
  const errors = trackPageErrors(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${server.baseURL}/gallery/${plastering}`);
  await waitForHydration(page);
  await expect(cards(page, "Plastering")).toHaveCount(PAGE);

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    await held;
    await route.continue();
  };
  await page.route((url) => url.pathname.endsWith("/images"), hold);
  await page.mouse.wheel(0, 20_000);
  const loading = page.getByRole("status").filter({ hasText: "Loading Images" });
  await expect(loading).toBeVisible();
  await expect(loading.locator(".loading-images-spinner")).toHaveCSS("width", "150px");
  release();
  await expect(cards(page, "Plastering")).toHaveCount(2 * PAGE);
  await expect(loading).toHaveCount(0);
  await page.unroute((url) => url.pathname.endsWith("/images"), hold);

  // The navbar's Galleries menu: the new name shows at once, with the spinner until its photos arrive.
  let releaseNav: () => void = () => {};
  const heldNav = new Promise<void>((resolve) => (releaseNav = resolve));
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route) => {
      await heldNav;
      await route.continue();
    },
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator("#galleries-menu").click();
  await page.getByRole("link", { name: "Kitchen Refits" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kitchen Refits");
  await expect(loading).toBeVisible();
  releaseNav();
  await expect(cardTitles(page, "Kitchen Refits").first()).toHaveText("Shaker kitchen");
  await expect(page).toHaveURL(new RegExp(`/gallery/${kitchens}$`));
  await expect(page).toHaveTitle("Kitchen Refits | Nene Valley Building");
  expect(unexpected(errors)).toEqual([]);
});

test("an empty gallery says so kindly", async ({ page }) => {
  await page.goto(`${server.baseURL}/gallery/${bathrooms}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bathroom Makeovers");
  await expect(page.getByText("There are no photos in this gallery yet.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Bathroom Makeovers photos" })).toHaveCount(0);
});

test("an unknown or malformed gallery address answers 404 inside the site layout; a bad ?after= answers 400", async ({ page }) => {
  for (const address of ["/gallery/99999", "/gallery/abc", "/gallery/0", "/gallery/-1", `/gallery/${kitchens}.5`, "/gallery/1e3"]) {
    const response = await page.goto(`${server.baseURL}${address}`);
    expect(response?.status(), address).toBe(404);
    await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
    await expect(page.getByTestId("error-status")).toHaveText("404 Not Found");
    await expect(page.getByRole("navigation").getByRole("link", { name: "Services" })).toBeVisible();
  }
  const response = await page.goto(`${server.baseURL}/gallery/${kitchens}?after=../../etc/passwd`);
  expect(response?.status()).toBe(400);
  await expect(page.getByTestId("error-status")).toHaveText("400 Bad Request");
});

test("no layout shift: every picture box has its size before any photo arrives", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Hold every photo back so the layout can be measured without them.
  const held: Route[] = [];
  let releasing = false;
  await page.route("**/media/**", (route) => (releasing ? route.continue() : void held.push(route)));
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEntry[] & { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  // Not waiting for the load event: it waits for the photos, which are held back.
  await page.goto(`${server.baseURL}/gallery/${plastering}`, { waitUntil: "domcontentloaded" });
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const measure = () =>
    page.locator(".gallery-card").evaluateAll((els) => els.slice(0, 12).map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
  const before = await measure();
  const pictures = await page.locator(".gallery-card picture").evaluateAll((els) =>
    els.slice(0, 12).map((el) => {
      const img = el.querySelector("img")!;
      return { width: el.clientWidth, height: el.clientHeight, loaded: img.complete && img.naturalWidth > 0, attrs: [img.getAttribute("width"), img.getAttribute("height")] };
    }),
  );
  for (const p of pictures) {
    expect(p.loaded).toBe(false);
    expect(p.attrs).toEqual(["320", "240"]);
    expect(p.height).toBeGreaterThan(150);
    expect(Math.abs(p.height - (p.width * 3) / 4)).toBeLessThan(1.5);
  }
  // The photo's average colour fills the box while the photo is held back.
  await expect(page.locator(".gallery-card picture").first()).toHaveCSS("background-color", /^rgb\(\d+, \d+, \d+\)$/);

  releasing = true;
  for (const route of held) await route.continue();
  await expect
    .poll(() => page.locator(".gallery-card img").evaluateAll((imgs) => imgs.slice(0, 8).every((i) => (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  expect(await measure()).toEqual(before);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
});

test("the expanded view shows the card's thumbnail, already loaded, until its large photo arrives", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Only the thumbnails get through.
  await page.route("**/media/**", (route) => (/\/w320\./.test(route.request().url()) ? route.continue() : undefined));
  await page.goto(`${server.baseURL}/gallery/${kitchens}`);
  await waitForHydration(page);
  const opener = page.getByRole("link", { name: "Oak shelves" });
  await expect.poll(() => opener.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const thumbnail = await opener.locator("img").evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(thumbnail).toMatch(/\/w320\./);
  await opener.click();
  const picture = page.getByRole("dialog", { name: "Shelves" }).locator("picture");
  await expect(picture).toHaveCSS("background-image", `url("${thumbnail}")`);
  await expect(picture.locator("img")).toHaveJSProperty("naturalWidth", 0);
});

test("two columns of thumbnails on a phone, four on a desktop", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${server.baseURL}/gallery/${plastering}`);
  await waitForHydration(page);
  const lefts = () => cards(page, "Plastering").evaluateAll((els) => els.slice(0, 5).map((el) => Math.round(el.getBoundingClientRect().left)));
  const narrow = await lefts();
  expect(new Set(narrow.slice(0, 2)).size).toBe(2);
  expect(narrow[2]).toBe(narrow[0]);
  // A phone at 1.75x takes the 320 px files for them.
  await expect(cards(page, "Plastering").first().locator("img")).toHaveAttribute("sizes", /calc\(50vw - 24px\)$/);
  await page.setViewportSize({ width: 1280, height: 900 });
  const wide = await lefts();
  expect(new Set(wide.slice(0, 4)).size).toBe(4);
  expect(wide[4]).toBe(wide[0]);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`no accessibility violations on the page or in the expanded view (${colorScheme})`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${server.baseURL}/gallery/${kitchens}`);
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveAttribute("data-bs-theme", colorScheme);
      const pageResults = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(pageResults.violations.map((v) => `${width}px page ${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(" ") + " " + n.failureSummary).join("; ")}`)).toEqual([]);

      await page.getByRole("link", { name: "New units and a skimmed ceiling" }).click();
      await expect(page.getByRole("dialog", { name: "Shaker kitchen" })).toBeVisible();
      const dialogResults = await new AxeBuilder({ page }).include(".modal").withTags(["wcag2a", "wcag2aa", "best-practice"]).analyze();
      expect(dialogResults.violations.map((v) => `${width}px dialog ${v.id}: ${v.help}`)).toEqual([]);
      await page.keyboard.press("Escape");
    }
    await context.close();
  });
}
