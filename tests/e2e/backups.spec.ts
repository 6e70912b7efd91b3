import { type Page, expect, test } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { HttpClient, createVerifiedUser } from "../support/http-client";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { PASSWORD, signIn } from "./support/accounts";
import { trackPageErrors } from "./support/page-errors";
import { axeViolations, waitForHydration } from "./support/public-site";
import { testPort } from "../support/ports";

const PORT = testPort("e2e/backups");
const ADMIN = "owner@backups-page.test";
let server: RunningServer;

test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  server = await startIsolatedServer(PORT);
  await createVerifiedUser(new HttpClient(server.baseURL), server.dataDir, ADMIN, PASSWORD);
});
test.afterAll(async () => server?.stop());
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

async function downloadFreshBackup(page: Page): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download a fresh backup" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^site-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/);
  return readFile(await download.path());
}

test("an admin finds Backups in the admin area and downloads a fresh backup, the page staying as it was", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/manage");
  await waitForHydration(page);
  // From here on: going to /manage above may cut short the sign-in page's own navigation, which is not this page's.
  const errors = trackPageErrors(page);
  await page.getByRole("link", { name: "Backups" }).click();
  await expect(page).toHaveURL(/\/manage\/backups$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Backups", level: 1 })).toBeVisible();
  await expect(page.getByText("No backup has been made on this server yet.")).toBeVisible();

  const archive = await downloadFreshBackup(page);
  // A gzip file holding the manifest (gzip's magic number, then the tar inside names it).
  expect(archive.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  expect(archive.length).toBeGreaterThan(1000);
  await expect(page).toHaveURL(/\/manage\/backups$/);
  expect(await axeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test("the download works with JavaScript off", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/signIn");
  await page.getByLabel("Email").fill(ADMIN);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.goto("/manage/backups");
  const archive = await downloadFreshBackup(page);
  expect(archive.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  await context.close();
});
