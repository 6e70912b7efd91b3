import { type Page, expect, test } from "@playwright/test";
import { STORY_START_DELAY_MS, STORY_TICK_MS, parseStory } from "../../app/lib/story";
import { trackPageErrors } from "./support/page-errors";
import { axeViolations, site, waitForHydration } from "./support/public-site";

// Driving a thousand timer ticks through the page's fake clock takes a while on a busy two-core machine.
test.describe.configure({ timeout: 90_000 });

const webdev = site.pages.webdev;
const pages = parseStory(webdev.story);
const START = new Date("2026-11-21T10:00:00Z");

const story = (page: Page) => page.locator(".story");
const screenText = (page: Page) => page.getByTestId("story-text");
const screen = (page: Page) => page.locator(".retro-screen");
/** What the screen shows, without the blinking cursor letter. */
const typed = (page: Page) => screenText(page).evaluate((el) => el.firstChild?.nodeType === Node.TEXT_NODE ? (el.firstChild.textContent ?? "") : "");

/** Opens /webdev with the page's clock stopped, so the test decides when every timer fires. */
async function openWithStoppedClock(page: Page) {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(new Date(START.getTime() + 1000));
  await page.goto("/webdev");
  await waitForHydration(page);
}

async function typeWholePage(page: Page, index: number) {
  await page.clock.runFor(STORY_TICK_MS * pages[index]!.text.length);
}

test("types the story: 2000 ms delay, one character per 6 ms, [k] waits, [t] counts, [e] ends", async ({ page }) => {
  const errors = trackPageErrors(page);
  await openWithStoppedClock(page);
  await expect(story(page)).toHaveAttribute("data-phase", "idle");

  await page.clock.runFor(STORY_START_DELAY_MS - 1);
  await expect(story(page)).toHaveAttribute("data-phase", "idle");
  expect(await typed(page)).toBe("");
  await page.clock.runFor(1);
  await expect(story(page)).toHaveAttribute("data-phase", "typing");
  expect(await typed(page)).toBe("");

  await page.clock.runFor(STORY_TICK_MS);
  await expect.poll(() => typed(page)).toBe(pages[0]!.text.slice(0, 1));
  await page.clock.runFor(STORY_TICK_MS * 4);
  await expect.poll(() => typed(page)).toBe(pages[0]!.text.slice(0, 5));

  // The rest of the first screen, then it waits for a click or key however long it takes.
  await page.clock.runFor(STORY_TICK_MS * (pages[0]!.text.length - 5));
  await expect(story(page)).toHaveAttribute("data-phase", "waiting");
  expect(await typed(page)).toBe(pages[0]!.text);
  await expect(page.getByTestId("story-prompt")).toHaveText(webdev.continuePrompt);
  await page.clock.runFor(60_000);
  await expect(story(page)).toHaveAttribute("data-phase", "waiting");
  await expect(story(page)).toHaveAttribute("data-link-triggers", "0");

  // A key press (nothing focused) starts the next screen; [t] was removed and counted at its end.
  await page.keyboard.press("a");
  await expect(story(page)).toHaveAttribute("data-phase", "typing");
  expect(await typed(page)).toBe("");
  // A click while typing changes nothing.
  await screen(page).click();
  await page.clock.runFor(STORY_TICK_MS);
  await expect.poll(() => typed(page)).toBe(pages[1]!.text.slice(0, 1));
  await typeWholePage(page, 1);
  await expect(story(page)).toHaveAttribute("data-phase", "waiting");
  expect(await typed(page)).toBe(pages[1]!.text);
  expect(pages[1]!.text).not.toContain("[t]");
  await expect(story(page)).toHaveAttribute("data-link-triggers", "1");

  // A click moves on as well.
  await screen(page).click();
  await typeWholePage(page, 2);
  await expect(story(page)).toHaveAttribute("data-link-triggers", "2");
  await screen(page).click();
  await typeWholePage(page, 3);
  await expect(story(page)).toHaveAttribute("data-phase", "finished");
  expect(await typed(page)).toBe(pages.at(-1)!.text);
  await expect(page.getByTestId("story-prompt")).toHaveText(webdev.finishedPrompt);
  expect(errors).toEqual([]);
});

async function finishStory(page: Page) {
  await openWithStoppedClock(page);
  await page.clock.runFor(STORY_START_DELAY_MS);
  for (let index = 0; index < pages.length; index++) {
    await typeWholePage(page, index);
    if (index < pages.length - 1) await page.keyboard.press("Enter");
  }
  await expect(story(page)).toHaveAttribute("data-phase", "finished");
}

test("finished: z opens the retro-computer site in a new tab", async ({ page, context }) => {
  await context.route(`${webdev.retroSiteUrl}**`, (route) => route.fulfill({ body: "<title>Retro</title>", contentType: "text/html" }));
  await finishStory(page);
  const [popup] = await Promise.all([context.waitForEvent("page"), page.keyboard.press("z")]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(webdev.retroSiteUrl);
  // The story page itself stays as it was.
  await expect(story(page)).toHaveAttribute("data-phase", "finished");
});

test("finished: any other key, or a click, reloads the page", async ({ page }) => {
  await finishStory(page);
  await Promise.all([page.waitForEvent("load"), page.keyboard.press("x")]);
  await waitForHydration(page);
  await expect(story(page)).toHaveAttribute("data-phase", "idle");

  await page.clock.runFor(STORY_START_DELAY_MS);
  for (let index = 0; index < pages.length; index++) {
    await typeWholePage(page, index);
    if (index < pages.length - 1) await screen(page).click();
  }
  await expect(story(page)).toHaveAttribute("data-phase", "finished");
  await Promise.all([page.waitForEvent("load"), screen(page).click()]);
  await expect(story(page)).toHaveAttribute("data-phase", "idle");
});

test("keys typed into the page's links and buttons are left alone", async ({ page }) => {
  await openWithStoppedClock(page);
  await page.clock.runFor(STORY_START_DELAY_MS);
  await typeWholePage(page, 0);
  await expect(story(page)).toHaveAttribute("data-phase", "waiting");
  await page.getByRole("link", { name: /See more of my code/ }).focus();
  await page.keyboard.press("a");
  await page.keyboard.press("Tab");
  await expect(story(page)).toHaveAttribute("data-phase", "waiting");
});

test("the screen works from the keyboard alone", async ({ page }) => {
  await openWithStoppedClock(page);
  await page.clock.runFor(STORY_START_DELAY_MS);
  await typeWholePage(page, 0);
  // Tab from the heading area reaches the screen, which says what it is waiting for.
  await screen(page).focus();
  await expect(screen(page)).toHaveAccessibleName(`Story screen. ${webdev.continuePrompt}`);
  await page.keyboard.press("Enter");
  await expect(story(page)).toHaveAttribute("data-phase", "typing");
  await typeWholePage(page, 1);
  await page.keyboard.press("Space");
  await expect(story(page)).toHaveAttribute("data-phase", "typing");
  await typeWholePage(page, 2);
  await page.keyboard.press("m");
  await typeWholePage(page, 3);
  await expect(story(page)).toHaveAttribute("data-phase", "finished");
  await expect(screen(page)).toHaveAccessibleName(`Story screen. ${webdev.finishedPrompt}`);
  // axe needs timers; nothing is scheduled once the story has finished.
  await page.clock.resume();
  expect(await axeViolations(page)).toEqual([]);
});

test("under 601 px a keyboard picture and a button appear once finished", async ({ page, context }) => {
  await context.route(`${webdev.retroSiteUrl}**`, (route) => route.fulfill({ body: "retro", contentType: "text/html" }));
  await page.setViewportSize({ width: 600, height: 900 });
  const button = page.getByRole("button", { name: webdev.retroButton });
  await openWithStoppedClock(page);
  await expect(button).toHaveCount(0);
  await page.clock.runFor(STORY_START_DELAY_MS);
  for (let index = 0; index < pages.length; index++) {
    await typeWholePage(page, index);
    if (index < pages.length - 1) await screen(page).click();
  }
  await expect(button).toBeVisible();
  await expect(page.locator(".story-keyboard")).toBeVisible();
  await page.clock.resume();
  expect(await axeViolations(page)).toEqual([]);
  const [popup] = await Promise.all([context.waitForEvent("page"), button.click()]);
  expect(popup.url()).toBe(webdev.retroSiteUrl);

  await page.setViewportSize({ width: 601, height: 900 });
  await expect(button).toBeHidden();
  await expect(page.locator(".story-keyboard")).toBeHidden();
});

test("with reduced motion each screen appears at once", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const errors = trackPageErrors(page);
  await page.goto("/webdev");
  await expect.poll(() => typed(page)).toBe(pages[0]!.text);
  await expect(story(page)).toHaveAttribute("data-phase", "waiting");
  await page.keyboard.press("a");
  await expect.poll(() => typed(page)).toBe(pages[1]!.text);
  expect(errors).toEqual([]);
});

test("screen readers get the whole story as text", async ({ page }) => {
  await page.goto("/webdev");
  for (const { text } of pages) {
    const firstLine = text.split("\n").find((line) => line.trim())!;
    await expect(page.locator(".story .visually-hidden")).toContainText(firstLine);
  }
});

test("paragraphs, six projects opening in new tabs, the code profile and the background credit", async ({ page }) => {
  await page.goto("/webdev");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web and Application Development");
  for (const paragraph of webdev.paragraphs) await expect(page.getByText(paragraph)).toBeVisible();
  const cards = page.locator(".project-card");
  await expect(cards).toHaveCount(6);
  for (const [index, project] of webdev.projects.entries()) {
    const link = cards.nth(index).getByRole("link", { name: new RegExp(project.name) });
    await expect(link).toHaveAttribute("href", project.href);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(cards.nth(index).locator("img")).toHaveAttribute("loading", "lazy");
  }
  await expect(page.getByRole("link", { name: new RegExp(webdev.codeProfile.label) })).toHaveAttribute("href", webdev.codeProfile.href);
  await expect(page.getByText(webdev.credit.text)).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(webdev.credit.link.label) })).toHaveAttribute("href", webdev.credit.link.href);
});
