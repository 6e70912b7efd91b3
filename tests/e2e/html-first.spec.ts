import Database from "better-sqlite3";
import path from "node:path";
import { type Browser, type BrowserContext, type Page, expect, test } from "@playwright/test";
import { OIDC_CLIENT, startOidcProvider } from "../setup/oidc";
import { startSmtpServer } from "../setup/smtp";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { PASSWORD, type Smtp, fillCredentials, linkFromMail } from "./support/accounts";
import { axeViolations, disclosure, expectOpen, site } from "./support/public-site";
import { testPorts } from "../support/ports";

// The public and account pages work as plain HTML: with JavaScript switched off, and in the seconds before the
// page's scripts arrive on a slow connection (every script response held back 5 s here). Real mail, a real OpenID
// Connect provider standing in for Google, fresh site.
const [PORT, OIDC_PORT] = testPorts("e2e/html-first") as [number, number];
const HOLD_MS = 5_000;
let server: RunningServer;
let smtp: Smtp;
let oidc: Awaited<ReturnType<typeof startOidcProvider>>;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  smtp = await startSmtpServer();
  oidc = await startOidcProvider(OIDC_PORT, `http://127.0.0.1:${PORT}/api/auth/callback/google`);
  server = await startIsolatedServer(PORT, { SMTP_URL: smtp.url, GOOGLE_CLIENT_ID: OIDC_CLIENT.id, GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret, GOOGLE_ISSUER: oidc.issuer });
  const db = new Database(path.join(server.dataDir, "site.db"));
  const now = new Date().toISOString();
  db.prepare(`insert into "category" ("name", "createdAt", "updatedAt") values (?, ?, ?)`).run("kitchens", now, now);
  db.close();
});
test.afterAll(async () => {
  await server?.stop();
  await oidc?.stop();
  await smtp?.stop();
});

const member = "plain@nenevalley.test";
const NEW_PASSWORD = "a-fresh-password-2025";

type Options = { width?: number; colorScheme?: "light" | "dark" };

/** A browser with JavaScript switched off. */
function withoutScripts(browser: Browser, { width = 1280, colorScheme = "light" }: Options = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: false, colorScheme, viewport: { width, height: 800 } });
}

/** A browser whose every script response arrives HOLD_MS late, as on a slow connection. */
async function withScriptsHeldBack(browser: Browser, options: Options = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.baseURL, colorScheme: options.colorScheme, viewport: { width: options.width ?? 1280, height: 800 } });
  await context.route(/\/assets\/.+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    await route.continue().catch(() => {}); // the page may have moved on
  });
  return context;
}

/**
 * That none of the page's modules has run: React Router's inline script records the route modules only once
 * all of them have loaded, so whatever just happened on the page was the browser's own doing.
 */
async function expectNoScriptsYet(page: Page) {
  expect(await page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(false);
}

/** Axe finds nothing on the page as the browser alone made it: no module had run before the check, nor after it. */
async function expectAxeCleanBeforeScripts(page: Page) {
  await expectNoScriptsYet(page);
  expect(await axeViolations(page)).toEqual([]);
  await expectNoScriptsYet(page);
}

/** Loads a page and returns as soon as it has painted its first content (the navbar's brand). */
async function openAtFirstPaint(page: Page, address: string) {
  await page.goto(address, { waitUntil: "commit" });
  await expect(page.getByRole("link", { name: site.business.shortName })).toBeVisible();
}

const nav = (page: Page) => page.getByRole("navigation");

test("without JavaScript the navbar's menus open and lead on, light and dark", async ({ browser }) => {
  for (const colorScheme of ["light", "dark"] as const) {
    const desktop = await withoutScripts(browser, { colorScheme });
    const page = await desktop.newPage();
    await page.goto("/");
    const galleries = disclosure(nav(page), "Galleries");
    await galleries.click();
    await expectOpen(galleries);
    await expect(page.getByRole("link", { name: "Kitchens", exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Kitchens", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kitchens");
    await desktop.close();

    const phone = await withoutScripts(browser, { width: 375, colorScheme });
    const small = await phone.newPage();
    await small.goto("/");
    const menu = small.locator("#site-menu");
    await expect(menu.getByRole("link", { name: "Contact" })).toBeHidden();
    await small.getByRole("button", { name: "Open menu" }).click();
    await expect(menu.getByRole("link", { name: "Contact" })).toBeVisible();
    await disclosure(menu, "Galleries").click();
    await expect(menu.getByRole("link", { name: "Kitchens", exact: true })).toBeVisible();
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu.getByRole("link", { name: "Contact" })).toBeHidden();
    // Escape closes it too, as a click outside does: the browser's own popover behaviour.
    await small.getByRole("button", { name: "Open menu" }).click();
    await small.keyboard.press("Escape");
    await expect(menu.getByRole("link", { name: "Contact" })).toBeHidden();
    await small.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Services" }).click();
    await expect(small).toHaveURL(/\/services$/);
    await phone.close();
  }
});

test("without JavaScript the service sections and the /ha answers open, one service at a time", async ({ browser }) => {
  for (const colorScheme of ["light", "dark"] as const) {
    const context = await withoutScripts(browser, { colorScheme });
    const page = await context.newPage();
    await page.goto("/services");
    const main = page.locator("main");
    await disclosure(main, "Plastering").click();
    await expect(page.locator("#plastering")).toBeVisible();
    await disclosure(main, "Tiling").click();
    await expect(page.locator("#tiling")).toBeVisible();
    await expect(page.locator("#plastering")).toBeHidden();
    await expect(page.locator("details.service-section[open]")).toHaveCount(1);
    // A section's address opens it, with its heading in view.
    await page.goto("/services#brickwork");
    await expectOpen(disclosure(main, "Brickwork / Stonework"));
    await expect(disclosure(main, "Brickwork / Stonework")).toBeInViewport();

    await page.goto("/ha");
    await disclosure(page, "How does it work?").click();
    await disclosure(page, "What about privacy?").click();
    await expect(page.locator("#how")).toContainText("10 minutes");
    await expect(page.locator("#privacy")).toBeVisible();
    await context.close();
  }
});

test("without JavaScript every account form posts and answers with the page and the spec's message", async ({ browser }) => {
  const context = await withoutScripts(browser, { colorScheme: "dark" });
  const page = await context.newPage();
  await page.goto("/signIn");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.locator("#sign-in-email-error")).toHaveText("Email required");
  await fillCredentials(page, member, PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.locator("#sign-in-email-error")).toHaveText("User not found");

  // Create Account: the page now asks for the e-mail link and says the mail was sent.
  await fillCredentials(page, member, PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "Please verify your email" })).toBeVisible();
  await expect(page.locator("main .alert")).toContainText("A verification email has been sent to your email address.");
  const sent = smtp.messages.filter((m) => m.to.includes(member)).length;
  await page.getByRole("link", { name: "OK" }).click();
  await expect(page.locator("main .alert")).toHaveCount(0);
  await page.getByRole("button", { name: "resend email" }).click();
  await expect(page.locator("main .alert")).toContainText("Verification email sent");
  await expect.poll(() => smtp.messages.filter((m) => m.to.includes(member)).length).toBe(sent + 1);
  await page.goto(await linkFromMail(smtp, member, "verify-email", smtp.messages.length - 1));
  await expect(page).toHaveURL(`${server.baseURL}/`);

  // The profile's section opens, and each of its forms answers in it.
  await page.goto("/profile");
  await disclosure(page, "Update Profile / Delete account").click();
  await page.getByLabel("Display name").fill(" ");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Display name cannot be empty")).toBeVisible();
  await page.getByLabel("Display name").fill("Pat Plain");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByTestId("profile-name")).toHaveText("Pat Plain");
  await page.getByLabel("Old password", { exact: true }).fill("not-my-password");
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Old password incorrect")).toBeVisible();
  await page.getByLabel("Old password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator("main .alert")).toContainText("Your password has been changed");
  await expect(page.getByTestId("profile-name")).toHaveText("Pat Plain");

  // Sign Out from the account menu is a form post.
  await page.locator("#account-menu").click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(`${server.baseURL}/`);
  await expect(nav(page).getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/signIn");

  // Signing in goes back where the visitor was going.
  await page.goto("/signIn?redirectTo=%2Fprofile");
  await fillCredentials(page, member, NEW_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  // Admin pages say which of them need JavaScript (the first account is the admin; /manage is Galleries).
  await page.goto("/manage");
  // (Playwright's text matching skips <noscript>, so this reads the element's text.)
  await expect(page.locator("main noscript .alert")).toBeVisible();
  expect(await page.locator("main noscript .alert").evaluate((alert) => alert.textContent)).toContain("Users and most of Galleries (uploading, naming, choosing many photos) need JavaScript");
  // /signout shows a button that posts.
  await page.goto("/signout");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(nav(page).getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/signIn");

  // Forgot and reset password.
  await page.goto("/forgot-password");
  const before = smtp.messages.length;
  await page.getByLabel("Email").fill(member);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(/a link to choose a new password is on its way/)).toBeVisible();
  await page.goto(await linkFromMail(smtp, member, "reset-password", before));
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("New password required")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Your password has been changed")).toBeVisible();

  // An unverified account deletes itself after a confirmation page, not a modal.
  await page.goto("/signIn");
  await fillCredentials(page, "second@nenevalley.test", PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByRole("button", { name: "Delete EVERYTHING!!!!" }).click();
  await expect(page.getByText("This deletes the unverified account second@nenevalley.test")).toBeVisible();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Please verify your email" })).toBeVisible();
  await page.getByRole("button", { name: "Delete EVERYTHING!!!!" }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Secure sign in" })).toBeVisible();
  await context.close();
});

test("with the scripts held back 5 s, clicks right after the first paint already work", async ({ browser }) => {
  // The open menus and sections pass axe in both colour schemes before any script has run (axe itself needs the
  // page's JavaScript engine, so this is where it checks the HTML-only state).
  for (const colorScheme of ["light", "dark"] as const) {
    const phone = await withScriptsHeldBack(browser, { width: 375, colorScheme });
    const small = await phone.newPage();
    await openAtFirstPaint(small, "/");
    await small.getByRole("button", { name: "Open menu" }).click();
    await disclosure(small.locator("#site-menu"), "Galleries").click();
    await expect(small.locator("#site-menu").getByRole("link", { name: "Kitchens", exact: true })).toBeVisible();
    await expectAxeCleanBeforeScripts(small);
    await openAtFirstPaint(small, "/services");
    await disclosure(small.locator("main"), "Plumbing").click();
    await expect(small.locator("#plumbing")).toBeVisible();
    await expectAxeCleanBeforeScripts(small);
    await phone.close();
  }

  const wide = await withScriptsHeldBack(browser);
  const services = await wide.newPage();
  await openAtFirstPaint(services, "/services");
  await disclosure(services.locator("main"), "Joinery").click();
  await expect(services.locator("#joinery")).toBeVisible();
  await expectNoScriptsYet(services);
  // Once the scripts arrive the page takes over what is open: the section's own title.
  await expect(services).toHaveTitle(site.services.find((s) => s.id === "joinery")!.title, { timeout: HOLD_MS * 3 });
  await expectOpen(disclosure(services.locator("main"), "Joinery"));
  // A menu opened before the scripts arrive stays open when they take over (they close menus on navigation only).
  const home = await wide.newPage();
  await openAtFirstPaint(home, "/");
  await disclosure(nav(home), "Galleries").click();
  await expectNoScriptsYet(home);
  await expect(home.getByRole("button", { name: /colours$/ })).toBeEnabled({ timeout: HOLD_MS * 3 });
  await expectOpen(disclosure(nav(home), "Galleries"));
  await expect(home.getByRole("link", { name: "Kitchens", exact: true })).toBeVisible();
  await wide.close();

  // The desktop menu, the /ha answers, a form's answer and the signed-in pages, axe-clean in both colour schemes.
  for (const colorScheme of ["light", "dark"] as const) {
    const desktop = await withScriptsHeldBack(browser, { colorScheme });
    const page = await desktop.newPage();
    await openAtFirstPaint(page, "/");
    await disclosure(nav(page), "Galleries").click();
    await expect(page.getByRole("link", { name: "Kitchens", exact: true })).toBeVisible();
    await expectAxeCleanBeforeScripts(page);

    await openAtFirstPaint(page, "/ha");
    await disclosure(page, "What is Zigbee?").click();
    await expect(page.locator("#zigbee")).toBeVisible();
    await expectAxeCleanBeforeScripts(page);

    // Forms post as plain HTML and the answer is the page with its message.
    await openAtFirstPaint(page, "/signIn");
    await fillCredentials(page, member, "wrong-password-entirely");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.locator("main").getByText("Incorrect password")).toBeVisible();
    await expectAxeCleanBeforeScripts(page);
    await openAtFirstPaint(page, "/signIn");
    await fillCredentials(page, member, PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(`${server.baseURL}/`);
    await expectNoScriptsYet(page);

    // Signed in: the account menu, the profile and its section, then Sign Out, all before any script has arrived.
    await openAtFirstPaint(page, "/");
    await page.locator("#account-menu").click();
    await page.getByRole("link", { name: "Profile" }).click();
    await expect(page.getByRole("heading", { name: "Profile", exact: true })).toBeVisible();
    await disclosure(page, "Update Profile / Delete account").click();
    await expect(page.getByRole("button", { name: "Change password" })).toBeVisible();
    await expectAxeCleanBeforeScripts(page);
    await page.locator("#account-menu").click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(`${server.baseURL}/`);
    await expect(nav(page).getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/signIn");
    await expectNoScriptsYet(page);
    await desktop.close();
  }
});

test("with the scripts held back 5 s, every account form posts at once and answers with its message", async ({ browser }) => {
  const newcomer = "quick@nenevalley.test";
  const context = await withScriptsHeldBack(browser);
  const page = await context.newPage();

  // Create Account, then Resend: each answers with the page asking for the e-mail link and its message.
  await openAtFirstPaint(page, "/signIn");
  await fillCredentials(page, newcomer, PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "Please verify your email" })).toBeVisible();
  await expect(page.locator("main .alert")).toContainText("A verification email has been sent to your email address.");
  await expectNoScriptsYet(page);
  const sent = smtp.messages.filter((m) => m.to.includes(newcomer)).length;
  await openAtFirstPaint(page, "/signIn");
  await page.getByRole("button", { name: "resend email" }).click();
  await expect(page.locator("main .alert")).toContainText("Verification email sent");
  await expectNoScriptsYet(page);
  await expect.poll(() => smtp.messages.filter((m) => m.to.includes(newcomer)).length).toBe(sent + 1);
  await openAtFirstPaint(page, await linkFromMail(smtp, newcomer, "verify-email", smtp.messages.length - 1));
  await expect(page).toHaveURL(`${server.baseURL}/`);

  // Sign Out from the account menu, then Forgot and Reset password.
  await page.locator("#account-menu").click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(nav(page).getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/signIn");
  await expectNoScriptsYet(page);
  const before = smtp.messages.length;
  await openAtFirstPaint(page, "/forgot-password");
  await page.getByLabel("Email").fill(newcomer);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(/a link to choose a new password is on its way/)).toBeVisible();
  await expectNoScriptsYet(page);
  await openAtFirstPaint(page, await linkFromMail(smtp, newcomer, "reset-password", before));
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("New password required")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Your password has been changed")).toBeVisible();
  await expectNoScriptsYet(page);

  // Signed in with the new password: the profile's name and password forms.
  await openAtFirstPaint(page, "/signIn?redirectTo=%2Fprofile");
  await fillCredentials(page, newcomer, NEW_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await disclosure(page, "Update Profile / Delete account").click();
  await page.getByLabel("Old password", { exact: true }).fill("not-my-password");
  await page.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Old password incorrect")).toBeVisible();
  await expectNoScriptsYet(page);
  await page.getByLabel("Old password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator("main .alert")).toContainText("Your password has been changed");
  await expectNoScriptsYet(page);
  await openAtFirstPaint(page, "/profile");
  await disclosure(page, "Update Profile / Delete account").click();
  await page.getByLabel("Display name").fill("Pat Quick");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByTestId("profile-name")).toHaveText("Pat Quick");
  await page.getByRole("button", { name: "Delete Account" }).click();
  await expect(page.getByText("Your account will be deleted permanently.")).toBeVisible();
  await expectAxeCleanBeforeScripts(page);
  await page.getByRole("button", { name: "Delete account", exact: true }).click();
  await expect(page).toHaveURL(/\/signIn\?notice=account-deleted$/);
  await expect(page.locator("main .alert")).toContainText("Your account and its data have been removed.");
  await context.close();
});

test("the Google button is a form post that takes the visitor to the provider, without JavaScript and before it arrives", async ({ browser }) => {
  const provider = new RegExp(`^${oidc.issuer}/`);
  const context = await withoutScripts(browser, { colorScheme: "dark" });
  const page = await context.newPage();
  await page.goto("/signIn");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(provider);
  await page.locator('input[name="login"]').fill("plain-google");
  await page.locator('input[name="password"]').fill("anything");
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(`${server.baseURL}/`);
  await expect(page.getByRole("img", { name: /Account menu/ })).toBeVisible();
  await context.close();

  const held = await withScriptsHeldBack(browser);
  const early = await held.newPage();
  await openAtFirstPaint(early, "/signIn");
  await expectNoScriptsYet(early);
  await early.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(early).toHaveURL(provider);
  await held.close();
});
