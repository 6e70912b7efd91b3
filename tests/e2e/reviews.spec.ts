import { type Browser, type Page, expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import exifReader from "exif-reader";
import { createHash } from "node:crypto";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { startSmtpServer } from "../setup/smtp";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { testPort } from "../support/ports";
import { type Smtp, signIn, signUpVerified } from "./support/accounts";
import { axeViolations, site, waitForHydration } from "./support/public-site";

// Reviews from a won enquiry to /reviews, with real mail. E2E_DATABASE=postgres runs the same on PostgreSQL
// (TEST_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres); SQLite otherwise.
const PORT = testPort("e2e/reviews");
const BASE = `http://127.0.0.1:${PORT}`;
const FIXTURES = path.resolve("tests/fixtures/images");
const OWNER = "owner@reviews.test";
const MEMBER = "member@reviews.test";
const CUSTOMER = "cara@customer.test";
const ON_POSTGRES = process.env.E2E_DATABASE === "postgres";
const ADMIN_PG = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
let server: RunningServer;
let smtp: Smtp;
let pgName: string | null = null;
let databaseUrl: string | undefined;
let reviewLink = "";

test.describe.configure({ mode: "serial" });
test.use({ baseURL: BASE });

async function adminPg<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs one statement on the server's own database, whichever it is (to make a link old without waiting 60 days). */
async function runSql(statement: string, values: string[]): Promise<void> {
  if (databaseUrl) {
    await adminPg(databaseUrl, (client) => client.query(statement, values));
    return;
  }
  const db = new Database(path.join(server.dataDir, "site.db"));
  try {
    db.prepare(statement.replace(/\$\d+/g, "?")).run(...values);
  } finally {
    db.close();
  }
}

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  if (ON_POSTGRES) {
    pgName = `site_e2e_reviews_${Date.now()}`;
    await adminPg(ADMIN_PG, (client) => client.query(`create database "${pgName}"`));
    const url = new URL(ADMIN_PG);
    url.pathname = `/${pgName}`;
    databaseUrl = url.toString();
  }
  server = await startIsolatedServer(PORT, { SMTP_URL: smtp.url, ENQUIRY_LIMIT_PER_IP: "50", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  if (pgName) await adminPg(ADMIN_PG, (client) => client.query(`drop database if exists "${pgName}" with (force)`));
});

const NUMBERS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

async function sendQuote(browser: Browser, name: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${BASE}/contact`);
  await page.getByLabel("Your name").fill(name);
  await page.getByRole("textbox", { name: "E-mail" }).fill(CUSTOMER);
  await page.getByLabel("Postcode of the job").fill("pe2 8ab");
  await page.getByLabel("Kind of work").selectOption({ label: "Tiling" });
  await page.getByLabel("About the job").fill("Retile the bathroom walls, about 9 square metres.");
  await page.getByLabel(/I have read/).check();
  const label = (await page.locator("label[for=quote-check]").textContent()) ?? "";
  const [, a, b] = /What is (\w+) plus (\w+)\?/.exec(label) ?? [];
  await page.locator("#quote-check").fill(String(NUMBERS.indexOf(a!) + NUMBERS.indexOf(b!)));
  await page.waitForTimeout(3_000);
  await page.getByRole("button", { name: "Send my enquiry" }).click();
  await expect(page).toHaveURL(/\/contact\/thanks\?ref=Q-/);
  await context.close();
}

async function answer(page: Page, link: string, stars: string, text: string, photos: string[] = []) {
  if (page.url() !== link) await page.goto(link);
  await page.getByRole("radiogroup", { name: "Rating" }).getByLabel(stars, { exact: true }).check();
  await page.getByLabel("Your review").fill(text);
  if (photos.length > 0) await page.getByLabel("Photos", { exact: true }).setInputFiles(photos.map((p) => path.join(FIXTURES, p)));
  await page.getByLabel(/I agree to this review being published/).check();
  await page.getByRole("button", { name: "Send review" }).click();
}

test("the owner's account (first to verify) is admin, and a member's is not", async ({ page, browser }) => {
  await signUpVerified(page, smtp, OWNER);
  const member = await browser.newPage();
  await signUpVerified(member, smtp, MEMBER);
  await member.close();
});

test("a won enquiry: Ask for a review makes a link and mails it through the outbox", async ({ page, browser }) => {
  await sendQuote(browser, "Cara Customer");
  await signIn(page, OWNER);
  await page.goto("/manage/enquiries");
  await page.getByRole("link", { name: /Cara Customer/ }).click();
  await expect(page.getByRole("heading", { name: /Cara Customer/ })).toBeVisible();
  // Only a won job is asked about.
  await expect(page.getByRole("button", { name: "Ask for a review" })).toHaveCount(0);
  await page.getByLabel("Status").selectOption("won");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Status saved.")).toBeVisible();
  await page.getByRole("button", { name: "Ask for a review" }).click();
  const field = page.getByLabel("Review link");
  await expect(field).toHaveValue(new RegExp(`^${BASE}/review/[A-Za-z0-9_-]{43}$`));
  reviewLink = await field.inputValue();
  await expect(page.getByRole("link", { name: "Send by WhatsApp" })).toHaveAttribute("href", new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(reviewLink).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  await expect(page.getByRole("link", { name: "Send by SMS" })).toHaveAttribute("href", /^sms:/);
  await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();

  const mail = await smtp.waitFor((m) => m.to.includes(CUSTOMER) && /review/i.test(m.subject));
  expect(mail.text).toContain(reviewLink);
  await expect(page.getByRole("list", { name: "Admin sections" }).getByRole("link", { name: "Reviews" })).toHaveAttribute("href", "/manage/reviews");
});

test.describe("the customer, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("answers with 4 stars and a GPS-tagged photo; it shows with Verified job and the photo without GPS", async ({ page }) => {
    await page.goto(reviewLink);
    // iPhones' photos are offered too (the shared pipeline converts HEIC).
    await expect(page.getByLabel("Photos", { exact: true })).toHaveAttribute("accept", /\.heic,\.heif/);
    await answer(page, reviewLink, "4 stars", 'Neat tiling, tidy site every evening. <b>Would</b> ask again.', ["exif-rotated.jpg"]);
    await expect(page.getByRole("heading", { name: "Thank you for your review" })).toBeVisible();

    await page.goto("/reviews");
    await expect(page.getByRole("heading", { name: "Reviews", exact: true })).toBeVisible();
    const review = page.getByTestId("review");
    await expect(review).toHaveCount(1);
    await expect(review).toContainText("Verified job");
    await expect(review).toContainText("Tiling");
    // What was typed as HTML shows as the same text.
    await expect(review).toContainText("<b>Would</b> ask again.");
    await expect(page.getByTestId("review-summary")).toContainText("Average 4.0 out of 5 from 1 review");
    const photoLink = review.getByRole("link").first();
    const href = (await photoLink.getAttribute("href"))!;
    const photo = await page.request.get(href);
    expect(photo.status()).toBe(200);
    const meta = await sharp(await photo.body()).metadata();
    expect(meta.exif).toBeUndefined();
    const sent = await sharp(path.join(FIXTURES, "exif-rotated.jpg")).metadata();
    expect(exifReader(sent.exif!).GPSInfo?.GPSLatitude).toBeDefined();
    // No review or rating structured data for the business itself.
    expect(await page.content()).not.toMatch(/AggregateRating|"@type":\s*"Review"/);
  });

  test("the same link makes no second review, and an edit within 14 days changes the rating", async ({ page }) => {
    // A second complete answer, photo and all, posted to the same link: still one review.
    const again = await page.request.post(reviewLink, {
      headers: { origin: BASE },
      multipart: {
        rating: "3",
        body: "A second review through the same link, which must not appear twice.",
        displayName: "Someone Else",
        town: "",
        consent: "yes",
        photos: { name: "landscape.jpg", mimeType: "image/jpeg", buffer: await sharp(path.join(FIXTURES, "landscape.jpg")).toBuffer() },
      },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(302);
    await page.goto("/reviews");
    await expect(page.getByTestId("review")).toHaveCount(1);
    await expect(page.getByTestId("review-summary")).toContainText("from 1 review");

    await page.goto(reviewLink);
    await expect(page.getByRole("heading", { name: "Your review", exact: true })).toBeVisible();
    await expect(page.getByLabel("Photos", { exact: true })).toHaveCount(0);
    await page.getByLabel("5 stars", { exact: true }).check();
    await page.getByRole("button", { name: "Send review" }).click();
    await page.goto("/reviews");
    await expect(page.getByTestId("review")).toHaveCount(1);
    await expect(page.getByTestId("review")).toContainText("5 stars out of 5");
    await expect(page.getByTestId("review-summary")).toContainText("Average 5.0 out of 5 from 1 review");
  });
});

test("the owner replies, and the reply shows under the review", async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto("/manage/reviews");
  const review = page.getByTestId("admin-review");
  await review.getByLabel(/Public reply from/).fill("Thank you Cara, it was a pleasure.");
  await review.getByRole("button", { name: "Reply" }).click();
  await expect(page.getByText("Reply published.")).toBeVisible();
  await page.context().clearCookies();
  await page.goto("/reviews");
  const reply = page.getByRole("region", { name: `Reply from ${site.business.name}` });
  await expect(reply).toContainText("Thank you Cara, it was a pleasure.");
  await expect(reply.getByRole("heading", { name: `Reply from ${site.business.name}` })).toBeVisible();
  // With script, the photo opens in the gallery's lightbox (without, its link opens the photo itself).
  await waitForHydration(page);
  await page.getByRole("list", { name: /Photos from/ }).getByRole("link").first().click();
  const lightbox = page.getByRole("dialog");
  await expect(lightbox.getByRole("img")).toHaveJSProperty("complete", true);
  await expect(lightbox).toContainText("Photo 1 of 1");
  await page.keyboard.press("Escape");
  await expect(lightbox).toBeHidden();
});

test("a held review is not shown but is counted with its reason; the average covers every published review", async ({ page, browser }) => {
  await signIn(page, OWNER);
  await page.goto("/manage/reviews");
  await waitForHydration(page);
  // A job that came by phone.
  await page.getByLabel("Customer's name").fill("Harry Held");
  await page.getByLabel("E-mail or mobile").fill("07700 900 555");
  await page.getByLabel("Service", { exact: true }).selectOption({ label: "Tiling" });
  await page.getByLabel("What the job was").fill("Tiled the kitchen splashback");
  await page.getByRole("button", { name: "Ask for a review" }).click();
  const link = await page.getByLabel("Review link").first().inputValue();
  await expect(page.getByRole("link", { name: "Send by SMS" }).first()).toHaveAttribute("href", /^sms:07700900555\?/);

  // This customer has JavaScript: the same form, sent by the page's script.
  const customer = await browser.newContext();
  const other = await customer.newPage();
  await other.goto(link);
  await waitForHydration(other);
  await answer(other, link, "1 star", "Rude words would go here, and the neighbour's phone number 07700 900 000.", ["landscape.jpg"]);
  await expect(other.getByRole("heading", { name: "Thank you for your review" })).toBeVisible();
  await customer.close();

  await page.goto("/reviews");
  await expect(page.getByTestId("review-summary")).toContainText("Average 3.0 out of 5 from 2 reviews");
  await page.goto("/manage/reviews");
  await waitForHydration(page);
  const held = page.getByTestId("admin-review").filter({ hasText: "Rude words" });
  await held.getByLabel("Reason to hold").selectOption("personal-data");
  await held.getByRole("button", { name: "Hold" }).click();
  await expect(page.getByTestId("review-counts")).toContainText("1 published (average 5.0), 1 held.");
  await expect(page.getByTestId("held-reviews")).toContainText("Someone's personal details");
  await expect(held.getByRole("button", { name: "Publish" })).toBeVisible();
  // Its photo: still there for the owner deciding on it, gone for everyone else while it is held.
  const photoHref = (await held.getByRole("list", { name: /Photos from/ }).getByRole("link").first().getAttribute("href"))!;
  expect((await page.request.get(photoHref)).status()).toBe(200);
  const outsider = await browser.newContext();
  expect((await outsider.request.get(`${BASE}${photoHref}`)).status()).toBe(404);
  await outsider.close();

  await page.context().clearCookies();
  await page.goto("/reviews");
  await expect(page.getByTestId("review")).toHaveCount(1);
  await expect(page.getByText("Rude words")).toHaveCount(0);
  await expect(page.getByTestId("review-summary")).toContainText("Average 5.0 out of 5 from 1 review");
  expect(await axeViolations(page)).toEqual([]);
});

test("a visitor and a member are refused /manage/reviews and its actions, over plain HTTP too", async ({ page, playwright }) => {
  const visitor = await playwright.request.newContext({ baseURL: BASE });
  const visitorPage = await visitor.get("/manage/reviews", { maxRedirects: 0 });
  expect(visitorPage.status()).toBe(302);
  expect(visitorPage.headers().location).toMatch(/^\/signIn\?redirectTo=/);
  const visitorPost = await visitor.post("/manage/reviews", { form: { intent: "publish", reviewId: "x" }, headers: { origin: BASE } });
  expect(visitorPost.status()).toBe(401);
  await visitor.dispose();

  await signIn(page, MEMBER);
  const memberPage = await page.request.get("/manage/reviews", { maxRedirects: 0 });
  expect(memberPage.status()).toBe(403);
  const memberPost = await page.request.post("/manage/reviews", { form: { intent: "hold", reviewId: "x", reason: "offensive" }, headers: { origin: BASE } });
  expect(memberPost.status()).toBe(403);
  const memberAsk = await page.request.post("/manage/reviews", { form: { intent: "ask", customerName: "X", contact: "x@x.test", job: "j", service: "tiling" }, headers: { origin: BASE } });
  expect(memberAsk.status()).toBe(403);
});

test("a wrong link and an expired link each get a page that says so, and nobody's review", async ({ page }) => {
  const wrong = await page.goto(`/review/${"x".repeat(43)}`);
  expect(wrong?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This review link is not right" })).toBeVisible();

  // The link sent for the first job, past its 14 days of editing: closed.
  const token = reviewLink.split("/review/")[1]!;
  const hash = createHash("sha256").update(token).digest("base64url");
  await runSql(`update "singleUseLink" set "closesAt" = $1 where "tokenHash" = $2`, ["2000-01-01T00:00:00.000Z", hash]);
  const closed = await page.goto(reviewLink);
  expect(closed?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "This review link has expired or closed" })).toBeVisible();
  await expect(page.getByText("Neat tiling")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send review" })).toHaveCount(0);

  // An unanswered link past its 60 days: expired.
  await signIn(page, OWNER);
  await page.goto("/manage/reviews");
  await waitForHydration(page);
  await page.getByLabel("Customer's name").fill("Ella Expired");
  await page.getByLabel("E-mail or mobile").fill("ella@customer.test");
  await page.getByLabel("Service", { exact: true }).selectOption({ label: "Tiling" });
  await page.getByLabel("What the job was").fill("Regrouted the shower");
  await page.getByRole("button", { name: "Ask for a review" }).click();
  const link = await page.getByLabel("Review link").first().inputValue();
  const expiredHash = createHash("sha256").update(link.split("/review/")[1]!).digest("base64url");
  await runSql(`update "singleUseLink" set "expiresAt" = $1 where "tokenHash" = $2`, ["2000-01-01T00:00:00.000Z", expiredHash]);
  await page.context().clearCookies();
  const expired = await page.goto(link);
  expect(expired?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "This review link has expired or closed" })).toBeVisible();
});

test("/reviews goes through the page cache, the same bytes whoever asks; a review link's page is never kept", async () => {
  const get = (url: string, headers: Record<string, string>) => fetch(`${BASE}${url}`, { headers: { "user-agent": "curl/8", ...headers } });
  await get("/reviews", {});
  const first = await get("/reviews", { "accept-language": "fr-FR", "accept-encoding": "identity" });
  const second = await get("/reviews", { "accept-language": "en-GB", "accept-encoding": "identity", dnt: "1" });
  expect(second.headers.get("x-page-cache")).toBe("hit");
  expect(await second.text()).toBe(await first.text());
  for (let i = 0; i < 2; i++) {
    const token = await get(reviewLink.replace(BASE, ""), {});
    expect(token.headers.get("cache-control")).toBe("private, no-store");
    expect(token.headers.get("x-page-cache")).toBeNull();
  }
});

test("the service filter on /reviews works with and without JavaScript", async ({ browser }) => {
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ javaScriptEnabled, baseURL: BASE });
    const page = await context.newPage();
    await page.goto("/reviews");
    if (javaScriptEnabled) await waitForHydration(page);
    const filter = page.getByRole("form", { name: "Filter reviews" });
    await filter.getByLabel("Service").selectOption({ label: "Tiling" });
    await filter.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/\/reviews\?service=tiling$/);
    await expect(page.getByRole("heading", { level: 2, name: /^\d+ reviews? of Tiling$/ })).toBeVisible();
    await expect(page.getByTestId("review").first()).toBeVisible();
    await filter.getByRole("link", { name: "Show all reviews" }).click();
    await expect(page).toHaveURL(/\/reviews$/);
    await expect(filter.getByLabel("Service")).toHaveValue("");
    await context.close();
  }
});

test("the policy page and the sitemap; the dashboard counts reviews by month", async ({ page }) => {
  await page.goto("/reviews/policy");
  await expect(page.getByRole("heading", { name: "How reviews are collected" })).toBeVisible();
  await expect(page.getByText(/No review is paid for, rewarded/)).toBeVisible();
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`${BASE}/reviews</loc>`);
  expect(sitemap).toContain(`${BASE}/reviews/policy</loc>`);
  await page.goto("/");
  await expect(page.getByTestId("review-quote")).toHaveCount(1);
  // The tiling section of /services carries the newest tiling review; the other sections none.
  await page.goto("/services");
  await expect(page.locator('details[data-service="tiling"]').getByTestId("review-quote")).toHaveCount(1);
  await expect(page.getByTestId("review-quote")).toHaveCount(1);

  await signIn(page, OWNER);
  await page.goto("/manage/dashboard");
  const month = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date());
  const row = page.getByTestId("review-months").getByRole("row", { name: new RegExp(month) });
  // Asked three times (the won enquiry, two phone jobs), answered twice, average of both answers.
  await expect(row).toContainText(/3\s*2\s*3\.0/);
});
