import { type Browser, type BrowserContext, type Page, expect } from "@playwright/test";
import { waitForHydration } from "./public-site";
import type { startSmtpServer } from "../../setup/smtp";

export type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

export const PASSWORD = "plaster-and-paint-2024";

/** The newest link of the given kind in mail sent to the address. */
export async function linkFromMail(smtp: Smtp, to: string, kind: "verify-email" | "reset-password", after = 0): Promise<string> {
  const mail = await smtp.waitFor((m) => m.to.includes(to) && m.text.includes(kind) && smtp.messages.indexOf(m) >= after);
  const match = new RegExp(`https?://\\S+${kind}\\S+`).exec(mail.text);
  if (!match) throw new Error(`no ${kind} link in mail to ${to}`);
  return match[0];
}

export async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
}

/** Creates an account and dismisses the 'Verification email sent' modal. */
export async function signUp(page: Page, email: string, password = PASSWORD) {
  await page.goto("/signIn");
  await waitForHydration(page);
  await fillCredentials(page, email, password);
  await page.getByRole("button", { name: "Create Account" }).click();
  const dialog = page.getByRole("dialog", { name: "Verification email sent" });
  await expect(dialog).toContainText("A verification email has been sent to your email address.");
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(page.getByRole("heading", { name: "Please verify your email" })).toBeVisible();
}

/** Signs up and follows the verification link, ending signed in and verified. */
export async function signUpVerified(page: Page, smtp: Smtp, email: string, password = PASSWORD) {
  const before = smtp.messages.length;
  await signUp(page, email, password);
  await page.goto(await linkFromMail(smtp, email, "verify-email", before));
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("img", { name: /Account menu/ })).toBeVisible();
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/signIn");
  await waitForHydration(page);
  await fillCredentials(page, email, password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Signed In" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "OK" }).click();
}

export async function signOut(page: Page) {
  await page.locator("#account-menu").click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/signIn");
}

export type ContextOptions = { javaScriptEnabled?: boolean; width?: number; colorScheme?: "light" | "dark" };

/** A browser signed in as whoever the cookie header belongs to (an HTTP client that signed in), at a width and colours. */
export async function signedInContext(browser: Browser, baseURL: string, cookieHeader: string, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: { width: options.width ?? 1280, height: 800 },
    colorScheme: options.colorScheme ?? "light",
  });
  const cookies = cookieHeader.split("; ").map((pair) => {
    const index = pair.indexOf("=");
    return { name: pair.slice(0, index), value: pair.slice(index + 1), url: baseURL };
  });
  await context.addCookies(cookies);
  return context;
}
