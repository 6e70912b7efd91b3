import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { HttpClient, createVerifiedUser } from "../support/http-client";
import { testPort } from "../support/ports";
import { postQuote, quoteFields, startQuote, waitToSend } from "../support/quote-form";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { waitForHydration } from "./support/public-site";

// Issue 20, item 7: every admin page at 360 px wide: no sideways scrolling, every visible button, link and form
// control at least 44 px tall (or, for an icon, wide), and axe finds nothing, in light and dark.
const PORT = testPort("e2e/admin-phone");
let server: RunningServer;
let admin: HttpClient;
let enquiryPath = "";
let projectPath = "";

test.beforeAll(async () => {
  server = await startIsolatedServer(PORT);
  admin = new HttpClient(server.baseURL);
  await createVerifiedUser(admin, server.dataDir, "owner@phone.test", "admin-phone-password-1");
  const customer = new HttpClient(server.baseURL);
  const fields = quoteFields({ ...(await startQuote(customer)), name: "Pat Phone", phone: "07700 900123" });
  await waitToSend();
  expect((await postQuote(server.baseURL, fields)).status).toBe(302);
  const list = await (await admin.get("/manage/enquiries")).text();
  enquiryPath = /href="(\/manage\/enquiries\/[^"?#]+)"/.exec(list)?.[1] ?? "";
  expect(enquiryPath).not.toBe("");
  const created = await admin.post("/manage/projects", { intent: "create" });
  expect(created.status).toBe(302);
  projectPath = created.headers.get("location") ?? "";
  expect(projectPath).toMatch(/^\/manage\/projects\/[^/]+$/);
});
test.afterAll(async () => server?.stop());

const PAGES = () => [
  "/manage",
  "/manage/users",
  "/manage/dashboard",
  "/manage/enquiries",
  enquiryPath,
  "/manage/backups",
  "/manage/reviews",
  "/manage/projects",
  projectPath,
  "/manage/content",
  "/manage/content/business",
  "/manage/content/services",
  "/manage/content/home-automation",
  "/manage/content/business/history",
];

for (const colorScheme of ["light", "dark"] as const) {
  test(`every admin page fits a 360 px phone with 44 px targets, and axe finds nothing (${colorScheme})`, async ({ browser }) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 360, height: 740 }, colorScheme });
    await context.addCookies(
      admin.cookieHeader.split("; ").map((pair) => {
        const index = pair.indexOf("=");
        return { name: pair.slice(0, index), value: pair.slice(index + 1), url: server.baseURL };
      }),
    );
    const page = await context.newPage();
    const problems: string[] = [];
    for (const path of PAGES()) {
      await page.goto(path);
      await waitForHydration(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) {
        const wide = await page.evaluate(() =>
          [...document.querySelectorAll("main *")].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth).slice(0, 3).map((e) => `${e.tagName}.${e.className}`),
        );
        problems.push(`${path}: scrolls sideways by ${overflow} px (${wide.join(", ")})`);
      }
      const small = await page.locator("main :is(a, button, input:not([type=hidden]), select, textarea, summary):visible").evaluateAll((elements) =>
        elements
          .filter((e) => {
            // A link inside a sentence is text, not a target (WCAG 2.5.8's inline exception).
            if (e.tagName === "A" && e.closest("p, li, td, dd") && !e.classList.contains("btn") && !e.closest("nav")) return false;
            const box = e.getBoundingClientRect();
            // Checkboxes and radios count with their label.
            const label = (e as HTMLInputElement).labels?.[0]?.getBoundingClientRect();
            const height = Math.max(box.height, label?.height ?? 0);
            // An icon (no text) may be 44 px wide instead.
            const icon = (e.textContent ?? "").trim() === "" && !["INPUT", "SELECT", "TEXTAREA"].includes(e.tagName);
            return height < 44 && !(icon && box.width >= 44);
          })
          .map((e) => `${e.tagName.toLowerCase()} "${(e.textContent || (e as HTMLInputElement).name || "").trim().slice(0, 40)}"`),
      );
      for (const target of small) problems.push(`${path}: ${target} is under 44 px`);
      if (path === "/manage/dashboard") {
        // The charts' words keep a readable size at this width, inside the screen, without overlapping.
        const words = await page.locator(".bar-chart :is(.bar-chart-scale, .bar-chart-ends span)").evaluateAll((elements) =>
          elements.map((e) => ({ text: e.textContent, size: parseFloat(getComputedStyle(e).fontSize), box: e.getBoundingClientRect().toJSON() as DOMRect })),
        );
        if (words.length < 6) problems.push(`${path}: the charts have ${words.length} labels`);
        for (const word of words) {
          if (word.size < 12 || word.box.left < 0 || word.box.right > 360) problems.push(`${path}: chart label "${word.text}" is ${word.size} px or off screen`);
        }
        for (let i = 0; i + 1 < words.length; i++) {
          const [a, b] = [words[i]!.box, words[i + 1]!.box];
          if (a.top === b.top && a.right > b.left) problems.push(`${path}: chart labels "${words[i]!.text}" and "${words[i + 1]!.text}" overlap`);
        }
      }
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
      for (const violation of results.violations) problems.push(`${path}: axe ${violation.id} ${violation.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
}
