import { type Page, expect, test } from "@playwright/test";
import { trackPageErrors } from "./support/page-errors";
import { axeViolations, disclosure, expectOpen, fakeUploadedPhotos, seedGallery, site, waitForHydration } from "./support/public-site";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { testPort } from "../support/ports";

const DEFAULT_TITLE = "Our services";
const DEFAULT_DESCRIPTION = "Our services include plastering and joinery in Peterborough.";
const SPEC_ORDER = [
  "Plastering",
  "Tiling",
  "Joinery",
  "Upvc / Aluminium glazing",
  "Plumbing",
  "External works",
  "Brickwork / Stonework",
  "Landlord / Property management",
  "Home Automation",
  "MMA/Tig Welding",
];
const service = (id: string) => site.services.find((s) => s.id === id)!;
const description = (page: Page) => page.locator('meta[name="description"]').getAttribute("content");
const sectionButton = (page: Page, name: string) => disclosure(page.locator("main"), name);

test("heading, hint, the ten services in the spec's order, and the closing line", async ({ page }) => {
  await page.goto("/services");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Services");
  await expect(page.getByText("Click on any service for further details")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(SPEC_ORDER);
  await expect(page.getByText("Anything else just ask...")).toBeVisible();
  await expect(page).toHaveTitle(DEFAULT_TITLE);
  expect(await description(page)).toBe(DEFAULT_DESCRIPTION);
});

test("opening a section sets its title and description; closing it restores the defaults", async ({ page }) => {
  const errors = trackPageErrors(page);
  await page.goto("/services");
  await waitForHydration(page);

  await sectionButton(page, "Plastering").click();
  await expectOpen(sectionButton(page, "Plastering"));
  await expect(page).toHaveTitle(service("plastering").title);
  expect(await description(page)).toBe(service("plastering").description);
  await expect(page).toHaveURL(/\/services#plastering$/);

  await sectionButton(page, "Plastering").click();
  await expectOpen(sectionButton(page, "Plastering"), false);
  await expect(page).toHaveTitle(DEFAULT_TITLE);
  expect(await description(page)).toBe(DEFAULT_DESCRIPTION);
  await expect(page).toHaveURL(/\/services$/);
  expect(errors).toEqual([]);
});

test("leaving with a section open gives the next page its own title and description", async ({ page }) => {
  await page.goto("/services#tiling");
  await expect(page).toHaveTitle(service("tiling").title);
  await page.getByRole("navigation").getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page).toHaveTitle(site.pages.contact.title);
  expect(await description(page)).toBe(site.pages.contact.description);
  // Back again: the address still names the section, so it opens again.
  await page.goBack();
  await expect(page).toHaveURL(/\/services#tiling$/);
  await expectOpen(sectionButton(page, "Tiling"));
  await expect(page).toHaveTitle(service("tiling").title);
});

test("only one section is open at a time", async ({ page }) => {
  await page.goto("/services");
  await waitForHydration(page);
  await sectionButton(page, "Tiling").click();
  await expect(page.locator("#tiling")).toBeVisible();
  await sectionButton(page, "Plumbing").click();
  await expect(page.locator("#plumbing")).toBeVisible();
  await expect(page.locator("#tiling")).toBeHidden();
  await expect(page.locator("details.service-section[open]")).toHaveCount(1);
  await expect(page).toHaveTitle(service("plumbing").title);
});

test("each section has its own address that opens it on load", async ({ page }) => {
  const errors = trackPageErrors(page);
  await page.goto("/services#brickwork");
  await expectOpen(sectionButton(page, "Brickwork / Stonework"));
  await expect(page).toHaveTitle(service("brickwork").title);
  expect(await description(page)).toBe(service("brickwork").description);
  await expect(page.locator("#brickwork")).toBeInViewport();
  expect(errors).toEqual([]);
});

test("opening a section scrolls it to the middle of the screen", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/services");
  await waitForHydration(page);
  await sectionButton(page, "MMA/Tig Welding").click();
  await expect(page.locator("#welding")).toBeVisible();
  // The whole section, heading and content.
  const section = page.locator('details[data-service="welding"]');
  await expect
    .poll(async () => {
      const box = (await section.boundingBox())!;
      return Math.abs(box.y + box.height / 2 - 400);
    })
    .toBeLessThan(40);
});

test("the accordion and the photo toggles work from the keyboard", async ({ page }) => {
  await page.goto("/services");
  await waitForHydration(page);
  const joinery = sectionButton(page, "Joinery");
  await joinery.focus();
  await page.keyboard.press("Enter");
  await expectOpen(joinery);
  await expect(page).toHaveTitle(service("joinery").title);

  const photos = page.locator("#joinery .toggle-photo");
  await expect(photos).toHaveCount(2);
  await photos.first().focus();
  await page.keyboard.press("Enter");
  await expect(photos.first()).toHaveAttribute("aria-pressed", "true");
  await expect(photos.nth(1)).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("Space");
  await expect(photos.first()).toHaveAttribute("aria-pressed", "false");

  await joinery.focus();
  await page.keyboard.press("Space");
  await expectOpen(joinery, false);
  await expect(page).toHaveTitle(DEFAULT_TITLE);
});

test("without gallery photos every section shows two pieces of its own artwork, which enlarge on click", async ({ page }) => {
  await page.goto("/services");
  await waitForHydration(page);
  for (const { id, artwork } of site.services) {
    const images = page.locator(`#${id} .toggle-photo img`);
    await expect(images).toHaveCount(2);
    await expect(images.nth(0)).toHaveAttribute("src", artwork![0]!.src);
    await expect(images.nth(1)).toHaveAttribute("src", artwork![1]!.src);
    await expect(images.nth(0)).toHaveAttribute("width", "800");
    await expect(images.nth(0)).toHaveAttribute("height", "600");
  }
  await sectionButton(page, "MMA/Tig Welding").click();
  const photo = page.locator("#welding .toggle-photo").first();
  const before = (await photo.boundingBox())!.width;
  await photo.click();
  await expect(photo).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await photo.boundingBox())!.width).toBeGreaterThan(before * 1.5);
});

test("Home Automation has prose, a link to the /ha page and the smart-home software's site", async ({ page }) => {
  await page.goto("/services#home-automation");
  const section = page.locator("#home-automation");
  await expect(section).toBeVisible();
  const ha = service("home-automation");
  await expect(section.getByText(ha.prose![0]!)).toBeVisible();
  await expect(section.locator("ul li")).toHaveCount(2);
  await expect(section.getByRole("link", { name: ha.pageLink!.label })).toHaveAttribute("href", "/ha");
  const external = section.getByRole("link", { name: new RegExp(ha.link!.label) });
  await expect(external).toHaveAttribute("href", ha.link!.href);
  await expect(external).toHaveAttribute("target", "_blank");
});

test("an open section, with an enlarged photo, has no accessibility violations in either colour scheme", async ({ browser }) => {
  for (const colorScheme of ["light", "dark"] as const) {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    await page.goto("/services#plumbing");
    await expect(page.locator("#plumbing")).toBeVisible();
    await page.locator("#plumbing .toggle-photo").first().click();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  }
});

test.describe("with gallery photos", () => {
  let server: RunningServer;
  let plastering: string[];
  test.beforeAll(async () => {
    server = await startIsolatedServer(testPort("e2e/services"));
    plastering = seedGallery(server.dataDir, "Plastering", 3).imageIds;
    seedGallery(server.dataDir, "tiling", 1);
  });
  test.afterAll(async () => server?.stop());

  test("a section shows the first two photos of its gallery, topped up with artwork", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.baseURL });
    await fakeUploadedPhotos(context);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto("/services#plastering");
    const images = page.locator("#plastering .toggle-photo img");
    await expect(images).toHaveCount(2);
    await expect(images.nth(0)).toHaveAttribute("src", `/media/${plastering[0]}/w320.jpg?v=hjpeg320x`);
    await expect(images.nth(1)).toHaveAttribute("src", `/media/${plastering[1]}/w320.jpg?v=hjpeg320x`);
    await expect(images.nth(0)).toHaveAttribute("alt", "Plastering photo 1");
    await expect(images.nth(0)).toHaveAttribute("loading", "lazy");
    await expect(page.locator("#plastering picture source[type='image/avif']")).toHaveCount(2);
    await expect.poll(() => images.nth(0).evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(".avif");

    const tiling = page.locator("#tiling .toggle-photo img");
    await expect(tiling.nth(0)).toHaveAttribute("src", /^\/media\/0190a000-/);
    await expect(tiling.nth(1)).toHaveAttribute("src", service("tiling").artwork![0]!.src);
    expect(errors).toEqual([]);
    await context.close();
  });
});
