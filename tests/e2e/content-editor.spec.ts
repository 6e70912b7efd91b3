import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, type Page, expect, test } from "@playwright/test";
import { HttpClient, createVerifiedUser } from "../support/http-client";
import { testPort } from "../support/ports";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { type ContextOptions, signedInContext } from "./support/accounts";
import { trackPageErrors } from "./support/page-errors";
import { seedGallery, waitForHydration } from "./support/public-site";

// The owner's content editor (/manage/content), with and without JavaScript, on a fresh site seeded from
// config/site.json: drafts, preview, publish, history, the refusals, and what the public pages then show.
const PORT = testPort("e2e/content-editor");
let server: RunningServer;
let admin: HttpClient;
let member: HttpClient;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  server = await startIsolatedServer(PORT);
  admin = new HttpClient(server.baseURL);
  await createVerifiedUser(admin, server.dataDir, "owner@content.test", "content-editor-password-1");
  member = new HttpClient(server.baseURL);
  await createVerifiedUser(member, server.dataDir, "member@content.test", "content-editor-password-2");
});
test.afterAll(async () => server?.stop());
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

const OLD_PHONE = "07700 900123";

/** A browser signed in as the admin (the session cookie copied from the HTTP client that signed up). */
function asAdmin(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  return signedInContext(browser, server.baseURL, admin.cookieHeader, options);
}

/** A visitor's fresh browser. */
async function anonymous(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled });
  return context.newPage();
}

async function openEditor(page: Page, label: string, js = true) {
  await page.goto("/manage/content");
  await page.getByRole("main").getByRole("link", { name: label, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: label })).toBeVisible();
  if (js) await waitForHydration(page);
}

test("a visitor and a member are refused every page and post of the editor", async () => {
  const visitor = new HttpClient(server.baseURL);
  for (const path of ["/manage/content", "/manage/content/business", "/manage/content/business/history", "/?preview=1"]) {
    const response = await visitor.get(path);
    expect(response.status, path).toBe(302);
    expect(response.headers.get("location"), path).toMatch(/^\/signIn\?redirectTo=/);
    expect((await member.get(path)).status, path).toBe(403);
  }
  const post = { intent: "publish", revision: "1", phone: "01234 567890" };
  expect((await visitor.post("/manage/content/business", post)).status).toBe(401);
  expect((await member.post("/manage/content/business", post)).status).toBe(403);
  expect((await visitor.post("/manage/content/business/autosave", post)).status).toBe(401);
  expect((await member.post("/manage/content/business/autosave", post)).status).toBe(403);
  // Nothing changed.
  expect(await (await visitor.get("/contact")).text()).toContain(OLD_PHONE);
});

test("with JavaScript: the phone number autosaves as a draft, previews, publishes, and the old one is gone", async ({ browser }) => {
  const context = await asAdmin(browser);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await page.goto("/manage");
  await page.getByRole("link", { name: "Content", exact: true }).click();
  await expect(page).toHaveURL(/\/manage\/content$/);
  await expect(page.getByText("Demo content").first()).toBeVisible();
  await page.getByRole("link", { name: "Business details" }).click();
  await waitForHydration(page);
  await expect(page.getByTestId("demo-content")).toBeVisible();

  const phone = page.getByLabel("Phone", { exact: true });
  await expect(phone).toHaveValue(OLD_PHONE);
  await phone.fill("not a number");
  await expect(page.getByTestId("save-status")).toHaveText(/^Not saved: Phone: is not a phone number/, { timeout: 10_000 });
  await phone.fill("01733 555012");
  await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 10_000 });

  // The draft is not live, but Preview shows it, marked and not for indexing.
  const visitor = await anonymous(browser);
  await visitor.goto("/contact");
  await expect(visitor.locator("body")).toContainText(OLD_PHONE);
  await expect(visitor.locator("body")).not.toContainText("01733 555012");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page).toHaveURL(/\/\?preview=1$/);
  await expect(page.getByTestId("preview-banner")).toBeVisible();
  await expect(page.getByTestId("footer-phone")).toHaveText("01733 555012");
  await expect(page.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
  const preview = await page.request.get("/contact?preview=1");
  expect(preview.headers()["cache-control"]).toBe("private, no-store");
  expect(preview.headers()["x-robots-tag"]).toBe("noindex");
  expect(await preview.text()).toContain("01733 555012");
  await visitor.reload();
  await expect(visitor.locator("body")).not.toContainText("01733 555012");

  await openEditor(page, "Business details");
  await expect(page.getByLabel("Phone", { exact: true })).toHaveValue("01733 555012");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Published: the site shows it now.")).toBeVisible();
  await expect(page.getByTestId("demo-content")).toHaveCount(0);

  // The next anonymous load of every public page shows the new number, and the old one nowhere.
  for (const path of ["/", "/contact", "/services", "/aboutme", "/webdev", "/ha"]) {
    await visitor.goto(path);
    await expect(visitor.getByTestId("footer-phone"), path).toHaveText("01733 555012");
    await expect(visitor.getByTestId("footer-phone"), path).toHaveAttribute("href", "tel:+441733555012");
    expect(await visitor.content(), path).not.toContain(OLD_PHONE);
    expect(await visitor.content(), path).not.toContain("+447700900123");
  }
  await visitor.goto("/contact");
  await expect(visitor.locator(".contact-phone")).toHaveAttribute("href", "tel:+441733555012");
  // The one refused autosave (the phone that was not a number) is the only error the browser saw.
  expect(errors.filter((error) => !/status of 400 .*\/manage\/content\/business\/autosave$/.test(error))).toEqual([]);
  await context.close();
});

test("without JavaScript: a service's list changes, services are reordered, added and deleted, then published", async ({ browser }) => {
  const context = await asAdmin(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await openEditor(page, "Services", false);

  const first = page.getByRole("group", { name: /^Service 1: Plastering/ });
  await first.getByLabel("Work offered").fill("Skimming walls\nCeilings\nLime plaster");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved.")).toBeVisible();
  await expect(page.getByRole("group", { name: /^Service 1: Plastering/ }).getByLabel("Work offered")).toHaveValue("Skimming walls\nCeilings\nLime plaster");

  // Tiling moves above Plastering.
  await page.getByRole("button", { name: "Move up: Service 2: Tiling" }).click();
  await expect(page.getByRole("group", { name: /^Service 1: Tiling/ })).toBeVisible();
  await expect(page.getByRole("group", { name: /^Service 2: Plastering/ })).toBeVisible();

  // Welding is deleted; a new service is added and named.
  await page.getByRole("button", { name: /^Delete service: Service \d+: MMA\/Tig Welding/ }).click();
  await expect(page.getByRole("group", { name: /MMA\/Tig Welding/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Add service" }).click();
  const added = page.getByRole("group", { name: /^Service 10: New service/ });
  await added.getByLabel("Name", { exact: true }).fill("Electrical work");
  await added.getByLabel("Address id (/services#id)").fill("electrical");
  await added.getByLabel("One-line summary (home page)").fill("Sockets, lighting and rewires.");
  await added.getByLabel("Work offered").fill("New sockets\nLighting");
  await added.getByLabel("Title in search results").fill("Electrical work in {locality}");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved.")).toBeVisible();

  // Not live yet.
  const visitor = await anonymous(browser, false);
  await visitor.goto("/services");
  await expect(visitor.locator("details.service-section").first()).toHaveAttribute("data-service", "plastering");
  await expect(visitor.locator('details[data-service="electrical"]')).toHaveCount(0);

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Published: the site shows it now.")).toBeVisible();

  await visitor.goto("/services");
  const order = await visitor.locator("details.service-section").evaluateAll((sections) => sections.map((s) => s.getAttribute("data-service")));
  expect(order.slice(0, 2)).toEqual(["tiling", "plastering"]);
  expect(order).toContain("electrical");
  expect(order).not.toContain("welding");
  await expect(visitor.locator('details[data-service="plastering"] li')).toHaveText(["Skimming walls", "Ceilings", "Lime plaster"]);
  await visitor.goto("/services#electrical");
  await expect(visitor.locator('details[data-service="electrical"]')).toHaveAttribute("open", "");
  await expect(visitor.locator("#electrical")).toContainText("New sockets");
  await visitor.goto("/");
  await expect(visitor.getByRole("link", { name: /Electrical work\s*Sockets, lighting and rewires\./ })).toHaveAttribute("href", "/services#electrical");
  await expect(visitor.getByText("MMA/Tig Welding")).toHaveCount(0);
  await context.close();
});

test("with JavaScript: services are dragged with the mouse and moved with the keyboard, and the draft keeps the order", async ({ browser }) => {
  const context = await asAdmin(browser);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await openEditor(page, "Services");
  const names = () => page.locator("fieldset.content-item > legend").allTextContents();
  expect((await names()).slice(0, 3)).toEqual(["Service 1: Tiling", "Service 2: Plastering", "Service 3: Joinery"]);

  // Joinery's handle, pressed and moved: the list turns compact (a service is two screens tall) with the handle
  // still under the pointer, and it is dropped on Plastering.
  const handle = page.getByRole("button", { name: "Drag to move: Service 3: Joinery" });
  // In the middle of the screen (held near its top or bottom edge, a drag scrolls the page on purpose), at once
  // rather than smoothly, so the box measured is where the handle stays.
  await handle.evaluate((element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
  const from = (await handle.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 20, { steps: 4 });
  await expect(page.locator(".content-group.is-sorting")).toHaveCount(1);
  const held = (await handle.boundingBox())!;
  expect(Math.abs(held.y + held.height / 2 - (from.y + from.height / 2 - 20))).toBeLessThan(30);
  const to = (await page.getByRole("group", { name: /^Service 2: Plastering/ }).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 8 });
  await expect(page.getByRole("group", { name: /^Service 2: Plastering/ })).toHaveClass(/is-drop-target/);
  await page.mouse.up();
  expect((await names()).slice(0, 3)).toEqual(["Service 1: Tiling", "Service 2: Joinery", "Service 3: Plastering"]);
  await expect(page.locator(".content-group [aria-live]")).toHaveText('Service "Joinery" moved to place 2 of 10.');
  await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 10_000 });

  // The keyboard: Alt+ArrowDown on Tiling's handle moves it one place down, and the focus stays on it.
  await page.getByRole("button", { name: "Drag to move: Service 1: Tiling" }).focus();
  await page.keyboard.press("Alt+ArrowDown");
  expect((await names()).slice(0, 3)).toEqual(["Service 1: Joinery", "Service 2: Tiling", "Service 3: Plastering"]);
  await expect(page.getByRole("button", { name: "Drag to move: Service 2: Tiling" })).toBeFocused();
  await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 10_000 });

  // The saved draft has the new order, each service with its own fields and its own illustration (which the form
  // does not show); the public page does not have it yet.
  await page.reload();
  expect((await names()).slice(0, 3)).toEqual(["Service 1: Joinery", "Service 2: Tiling", "Service 3: Plastering"]);
  await expect(page.getByRole("group", { name: /^Service 1: Joinery/ }).getByLabel("Address id (/services#id)")).toHaveValue("joinery");
  const preview = await (await page.request.get("/services?preview=1")).text();
  const order = [...preview.matchAll(/data-service="([^"]+)"/g)].map((match) => match[1]);
  expect(order.slice(0, 3)).toEqual(["joinery", "tiling", "plastering"]);
  const joinery = preview.slice(preview.indexOf('data-service="joinery"'), preview.indexOf('data-service="tiling"'));
  expect(joinery).toContain("/images/services/joinery-1.svg");
  expect(joinery).not.toContain("/images/services/plastering-1.svg");
  const live = await (await new HttpClient(server.baseURL).get("/services")).text();
  expect([...live.matchAll(/data-service="([^"]+)"/g)].map((match) => match[1]).slice(0, 2)).toEqual(["tiling", "plastering"]);

  await page.getByRole("button", { name: "Discard draft" }).click();
  await expect(page.getByText("Draft discarded")).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test("without JavaScript: the about text is a draft the preview shows and the public page does not, until published; HTML stays text", async ({ browser }) => {
  const context = await asAdmin(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await openEditor(page, "About page", false);
  const text = page.getByRole("group", { name: /^Section 1/ }).getByLabel("About text");
  const hostile = 'I fit **sockets** now. <script>window.__owned = 1</script><img src=x onerror="window.__owned = 2"> [click](javascript:window.__owned=3) [Find me](https://example.org/me)';
  await text.fill(hostile);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved.")).toBeVisible();

  const visitor = await anonymous(browser);
  await visitor.goto("/aboutme");
  await expect(visitor.locator("main")).not.toContainText("I fit sockets now.");
  await page.goto("/aboutme?preview=1");
  await expect(page.getByTestId("preview-banner")).toBeVisible();
  await expect(page.locator("main")).toContainText("I fit sockets now.");

  await openEditor(page, "About page", false);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Published: the site shows it now.")).toBeVisible();

  await visitor.goto("/aboutme");
  const main = visitor.locator("main");
  await expect(main).toContainText("I fit sockets now.");
  await expect(main.locator("strong", { hasText: "sockets" })).toHaveCount(1);
  await expect(main).toContainText("<script>window.__owned = 1</script>");
  await expect(main.locator("script, img[src=x]")).toHaveCount(0);
  await expect(main.locator('a[href^="javascript"]')).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Find me" })).toHaveAttribute("rel", "noopener");
  await expect(main.getByRole("link", { name: "Find me" })).toHaveAttribute("target", "_blank");
  expect(await visitor.evaluate(() => (window as { __owned?: number }).__owned)).toBeUndefined();
  await context.close();
});

test("without JavaScript: the draft is previewed at phone and desktop widths in frames only an admin's preview allows", async ({ browser }) => {
  const context = await asAdmin(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await openEditor(page, "Contact page", false);
  await page.getByLabel("Heading", { exact: true }).fill("Get in touch with the draft");
  await page.getByRole("button", { name: "See at phone and desktop widths" }).click();
  await expect(page).toHaveURL(/\/manage\/content\/contact\/preview$/);
  for (const [name, width] of [["Phone", 360], ["Desktop", 1280]] as const) {
    const frame = page.getByTitle(`${name} preview of /contact`);
    await expect(frame).toHaveAttribute("width", String(width));
    expect((await frame.boundingBox())?.width, name).toBeGreaterThanOrEqual(width);
    const inside = page.frameLocator(`iframe[title="${name} preview of /contact"]`);
    await expect(inside.getByRole("heading", { level: 1 })).toHaveText("Get in touch with the draft");
    await expect(inside.getByTestId("preview-banner")).toBeVisible();
  }
  // Framing by this site is allowed for an admin's ?preview=1 only: the public page, and a member's or a
  // visitor's ?preview=1, keep the denial.
  const framing = (response: { headers: Headers }) => [response.headers.get("x-frame-options"), /frame-ancestors '([a-z]+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1]];
  expect(framing(await admin.get("/contact?preview=1"))).toEqual(["SAMEORIGIN", "self"]);
  expect(framing(await admin.get("/contact"))).toEqual(["DENY", "none"]);
  const refused = await member.get("/contact?preview=1");
  expect(refused.status).toBe(403);
  expect(refused.headers.get("x-frame-options")).toContain("DENY");
  expect(refused.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  const visitor = await new HttpClient(server.baseURL).get("/contact?preview=1");
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  // The draft is still only a draft.
  expect(await (await new HttpClient(server.baseURL).get("/contact")).text()).not.toContain("Get in touch with the draft");
  await page.getByRole("link", { name: "Back to Contact page" }).click();
  await page.getByRole("button", { name: "Discard draft" }).click();
  await context.close();
});

test("a 100 KB paragraph is refused with its message, nothing typed is lost and nothing changes live", async ({ browser }) => {
  for (const javaScriptEnabled of [false, true]) {
    const context = await asAdmin(browser, { javaScriptEnabled });
    const page = await context.newPage();
    await openEditor(page, "Home page", javaScriptEnabled);
    const huge = `${"Long text. ".repeat(9_310)}end`;
    expect(huge.length).toBeGreaterThan(100_000);
    await page.getByLabel("Heading", { exact: true }).fill("A heading typed with the long text");
    await page.getByLabel("About text").fill(huge);
    await page.getByRole("button", { name: "Save draft" }).click();
    const errors = page.getByTestId("form-errors");
    await expect(errors).toContainText("About text: paragraph 1 must be at most 5000 characters");
    await expect(errors).toContainText("Nothing on the site has changed");
    await expect(page.getByLabel("About text")).toHaveValue(huge);
    await expect(page.getByLabel("Heading", { exact: true })).toHaveValue("A heading typed with the long text");
    await page.getByRole("link", { name: /About text: paragraph 1 must be at most/ }).click();
    const visitor = await anonymous(browser);
    await visitor.goto("/");
    await expect(visitor.locator("main")).not.toContainText("A heading typed with the long text");
    await context.close();
  }
});

test("history lists each publish with who and what changed, and Restore makes an old version the draft", async ({ browser }) => {
  const context = await asAdmin(browser);
  const page = await context.newPage();
  await openEditor(page, "About page");
  await page.getByRole("link", { name: "History" }).click();
  const versions = page.getByTestId("version");
  await expect(versions.first()).toContainText("Published");
  await expect(versions.first()).toContainText(/ by \S+/);
  await expect(versions.first()).toContainText("Changed: sections");
  await expect(versions.last()).toContainText("Demo content the site came with");
  await versions.last().getByRole("button", { name: /^Restore/ }).click();
  await expect(page.getByText("That version is now your draft.")).toBeVisible();
  await expect(page.getByRole("group", { name: /^Section 1/ }).getByLabel("About text")).not.toHaveValue(/I fit/);
  const visitor = await anonymous(browser);
  await visitor.goto("/aboutme");
  await expect(visitor.locator("main")).toContainText("I fit sockets now.");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Published: the site shows it now.")).toBeVisible();
  await visitor.reload();
  await expect(visitor.locator("main")).not.toContainText("I fit sockets now.");
  await context.close();
});

test("two admins on one document: the second save is told and shown both versions, nothing is overwritten", async ({ browser }) => {
  const one = await (await asAdmin(browser, { javaScriptEnabled: false })).newPage();
  const two = await (await asAdmin(browser, { javaScriptEnabled: false })).newPage();
  await openEditor(one, "Contact page", false);
  await openEditor(two, "Contact page", false);
  await one.getByLabel("Heading", { exact: true }).fill("Heading from the first");
  await one.getByRole("button", { name: "Save draft" }).click();
  await expect(one.getByText("Draft saved.")).toBeVisible();
  await two.getByLabel("Heading", { exact: true }).fill("Heading from the second");
  await two.getByRole("button", { name: "Save draft" }).click();
  const conflict = two.getByTestId("conflict");
  await expect(conflict).toContainText("saved this page while you were editing");
  await expect(conflict).toContainText("Theirs: Heading from the first");
  await expect(conflict).toContainText("Yours: Heading from the second");
  await expect(two.getByLabel("Heading", { exact: true })).toHaveValue("Heading from the second");
  await one.reload();
  await expect(one.getByLabel("Heading", { exact: true })).toHaveValue("Heading from the first");
  // Knowingly keeping one's own version.
  await two.getByRole("button", { name: "Save draft" }).click();
  await expect(two.getByText("Draft saved.")).toBeVisible();
  await expect(two.getByLabel("Heading", { exact: true })).toHaveValue("Heading from the second");
  await two.getByRole("button", { name: "Discard draft" }).click();
  await expect(two.getByText("Draft discarded")).toBeVisible();
});

test("with JavaScript: changes made while the network is down are kept on the device and offered back", async ({ browser }) => {
  const context = await asAdmin(browser);
  const page = await context.newPage();
  await openEditor(page, "Services page");
  await context.setOffline(true);
  await page.getByLabel("Closing line").fill("Typed with no signal");
  await expect(page.getByTestId("save-status")).toContainText("Not saved: no connection", { timeout: 10_000 });
  // Leaving asks first (the owner stays); then the tab is closed for good, still without a connection.
  let asked = false;
  page.on("dialog", (dialog) => {
    asked = dialog.type() === "beforeunload";
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toBe(true);
  expect(page.isClosed()).toBe(false);
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await openEditor(again, "Services page");
  await expect(again.getByLabel("Closing line")).not.toHaveValue("Typed with no signal");
  await again.getByRole("button", { name: "Put them back" }).click();
  await expect(again.getByLabel("Closing line")).toHaveValue("Typed with no signal");
  await expect(again.getByTestId("save-status")).toHaveText("Saved", { timeout: 10_000 });
  await again.reload();
  await expect(again.getByLabel("Closing line")).toHaveValue("Typed with no signal");
  await expect(again.getByTestId("kept-draft")).toHaveCount(0);
  await context.close();
});

test("another trade: switching off the web development and home automation pages removes them everywhere", async ({ browser }) => {
  const context = await asAdmin(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await openEditor(page, "Business details", false);
  await page.getByRole("button", { name: "Add accreditation" }).click();
  const scheme = page.getByRole("group", { name: /^Accreditation 1/ });
  await scheme.getByLabel("Name of the scheme").fill("NICEIC Approved Contractor");
  await scheme.getByLabel("Membership number (optional)").fill("123456");
  await scheme.getByLabel("Link to check it (optional, https://...)").fill("https://www.niceic.com/find-a-contractor");
  await page.getByLabel("Show the web development page").uncheck();
  await page.getByLabel("Show the home automation page").uncheck();
  await page.getByLabel("Owner's name").fill("Priya Shah");
  await page.getByLabel("Trade, as in a title (for example: plasterer and builder)").fill("electrician");
  await page.getByLabel("Town").fill("Leeds");
  await page.getByLabel("Areas served").fill("Leeds\nBradford\nWakefield");
  await page.getByLabel("WhatsApp number (optional)").fill("07700 900456");
  await page.getByLabel("Opening hours (optional)").fill("Monday to Friday, 8am to 5pm");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Published: the site shows it now.")).toBeVisible();

  const visitor = await anonymous(browser);
  expect((await visitor.goto("/webdev"))?.status()).toBe(404);
  expect((await visitor.goto("/ha"))?.status()).toBe(404);
  await visitor.goto("/");
  await expect(visitor.locator('a[href="/webdev"], a[href="/ha"]')).toHaveCount(0);
  await expect(visitor).toHaveTitle("Nene Valley Plastering & Building: electrician in Leeds");
  await expect(visitor.locator("main")).toContainText("I am Priya,");
  await expect(visitor.locator(".area-list li")).toHaveText(["Leeds", "Bradford", "Wakefield"]);
  // The accreditation shows on the home page and on /contact, by the one component.
  for (const path of ["/", "/contact"]) {
    await visitor.goto(path);
    const accreditation = visitor.getByTestId("accreditations").getByRole("listitem");
    await expect(accreditation, path).toHaveText("NICEIC Approved Contractor (opens in a new tab) (member 123456)");
    await expect(accreditation.getByRole("link"), path).toHaveAttribute("href", "https://www.niceic.com/find-a-contractor");
  }
  await visitor.goto("/contact");
  await expect(visitor.locator("main")).toContainText("I cover Leeds, Bradford and Wakefield.");
  await expect(visitor.locator("main")).not.toContainText("Peterborough");
  await expect(visitor.getByRole("link", { name: /Message me on WhatsApp/ })).toHaveAttribute("href", "https://wa.me/447700900456");
  await expect(visitor.locator("main")).toContainText("Monday to Friday, 8am to 5pm");
  const sitemap = await (await visitor.request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain("/webdev");
  expect(sitemap).not.toContain("/ha<");
  await context.close();
});

test("every editor page fits a 360 px phone, with 44 px buttons, and axe finds nothing in light and dark", async ({ browser }) => {
  test.setTimeout(300_000);
  for (const colorScheme of ["light", "dark"] as const) {
    const context = await asAdmin(browser, { width: 360, colorScheme });
    const page = await context.newPage();
    for (const path of ["/manage/content", "/manage/content/business", "/manage/content/services", "/manage/content/about", "/manage/content/webdev", "/manage/content/about/history", "/manage/content/about/preview"]) {
      await page.goto(path);
      await waitForHydration(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      const small = await page.locator("main .btn:visible, main .content-list-link:visible").evaluateAll((elements) =>
        elements.filter((e) => e.getBoundingClientRect().height < 44).map((e) => e.textContent),
      );
      expect(small, path).toEqual([]);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
      expect(results.violations.map((v) => `${path} ${colorScheme}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
    // The main buttons stay on screen while the form scrolls: once the owner is in the form (the notices above it,
    // such as "mail is not set up", can push its start below a phone's first screen), wherever he is in it.
    await page.goto("/manage/content/services");
    const fields = page.locator("form.content-form input:visible, form.content-form textarea:visible");
    for (const at of [1, Math.floor((await fields.count()) / 2)]) {
      await fields.nth(at).scrollIntoViewIfNeeded();
      await expect(page.getByRole("button", { name: "Publish" })).toBeInViewport();
    }
    await context.close();
  }
});

test("without JavaScript: the home page picture is picked from the uploaded photos and shows on the home page once published", async ({ browser }) => {
  const { imageIds } = seedGallery(server.dataDir, "Kitchens", 2);
  const picked = imageIds[1];
  if (!picked) throw new Error("two photos were seeded");
  const visitor = await anonymous(browser, false);
  await visitor.goto("/");
  await expect(visitor.locator("img.home-hero-art")).toHaveAttribute("src", "/images/home/hero.svg");

  const context = await asAdmin(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await openEditor(page, "Business details", false);
  const picker = page.getByRole("group", { name: "Home page picture" });
  await picker.getByText("Choose photos").click();
  await picker.locator(`input[type="radio"][value="${picked}"]`).check();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved.")).toBeVisible();
  await expect(page.getByRole("group", { name: "Home page picture" }).locator(`input[value="${picked}"]`)).toBeChecked();
  // A draft: the public home page keeps the illustration until Publish.
  await visitor.goto("/");
  await expect(visitor.locator("img.home-hero-art")).toHaveAttribute("src", "/images/home/hero.svg");

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Published: the site shows it now.")).toBeVisible();
  await visitor.goto("/");
  const hero = visitor.locator("img.home-hero-art");
  await expect(hero).toHaveAttribute("src", new RegExp(picked));
  await expect(hero).toHaveAttribute("srcset", new RegExp(picked));
  await context.close();
});
