import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import path from "node:path";
import { OIDC_CLIENT, startOidcProvider } from "../setup/oidc";
import { startSmtpServer } from "../setup/smtp";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { PASSWORD, type Smtp, fillCredentials, linkFromMail, signIn, signOut, signUp, signUpVerified } from "./support/accounts";
import { trackPageErrors } from "./support/page-errors";
import { disclosure, waitForHydration } from "./support/public-site";
import { testPorts } from "../support/ports";

// A fresh site with real mail (smtp-server) and a real OpenID Connect provider standing in for Google.
const [PORT, OIDC_PORT] = testPorts("e2e/accounts") as [number, number];
let server: RunningServer;
let smtp: Smtp;
let oidc: Awaited<ReturnType<typeof startOidcProvider>>;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  oidc = await startOidcProvider(OIDC_PORT, `http://127.0.0.1:${PORT}/api/auth/callback/google`);
  server = await startIsolatedServer(PORT, {
    SMTP_URL: smtp.url,
    GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
    GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
    GOOGLE_ISSUER: oidc.issuer,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await oidc?.stop();
  await smtp?.stop();
});
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

const owner = "owner@nenevalley.test";
const member = "member@nenevalley.test";

test("the first account to verify becomes admin", async ({ page }) => {
  const errors = trackPageErrors(page);
  await signUp(page, owner);
  // Unverified: member pages send you back to /signIn.
  await page.goto("/profile");
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/signIn/);
  await expect(page.getByRole("button", { name: "resend email" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Account" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete EVERYTHING!!!!" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toHaveCount(0);

  const mail = await smtp.waitFor((m) => m.to.includes(owner));
  expect(mail.subject).toContain("Verify your e-mail");
  const link = await linkFromMail(smtp, owner, "verify-email");
  expect(link.startsWith(`http://127.0.0.1:${PORT}/api/auth/verify-email?token=`)).toBe(true);
  await page.goto(link);
  await expect(page).toHaveURL(`http://127.0.0.1:${PORT}/`);
  const nav = page.getByRole("navigation");
  await expect(nav.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/manage");

  await page.goto("/profile");
  await waitForHydration(page);
  await expect(page.getByTestId("profile-email")).toHaveText(`${owner} (verified)`);
  await expect(page.getByTestId("profile-name")).toHaveText(owner);
  await expect(page.getByTestId("profile-status")).toHaveText("Admin");
  await expect(page.getByTestId("profile-picture")).toHaveAttribute("src", "/images/user.png");

  // A verified user visiting /signIn goes home.
  await page.goto("/signIn");
  await waitForHydration(page);
  await expect(page).toHaveURL(`http://127.0.0.1:${PORT}/`);
  expect(errors).toEqual([]);
});

test("the second account is a Member and cannot reach /manage", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpVerified(page, smtp, member);
  await expect(page.getByRole("navigation").getByRole("link", { name: "Admin" })).toHaveCount(0);
  await page.goto("/profile");
  await waitForHydration(page);
  await expect(page.getByTestId("profile-status")).toHaveText("Member");
  const response = await page.goto("/manage");
  expect(response?.status()).toBe(403);
  const users = await page.goto("/manage/users");
  expect(users?.status()).toBe(403);
  await context.close();
});

test("sign-up and sign-in messages appear under the field they concern", async ({ page }) => {
  await page.goto("/signIn");
  await waitForHydration(page);
  const create = page.getByRole("button", { name: "Create Account" });
  const signInButton = page.getByRole("button", { name: "Sign In", exact: true });
  const emailError = page.locator("#sign-in-email-error");
  const passwordField = page.getByLabel("Password", { exact: true });

  await create.click();
  await expect(emailError).toHaveText("Email required");

  await page.getByLabel("Email").fill("someone@nenevalley.test");
  await create.click();
  await expect(page.getByText("Password required")).toBeVisible();
  await expect(passwordField).toHaveAttribute("aria-invalid", "true");

  await fillCredentials(page, "not-an-email", PASSWORD);
  await create.click();
  await expect(emailError).toHaveText("Invalid email");

  await fillCredentials(page, "short@nenevalley.test", "abc");
  await create.click();
  await expect(page.getByText("Password too weak")).toBeVisible();

  await fillCredentials(page, owner, PASSWORD);
  await create.click();
  await expect(emailError).toHaveText("Email already in use");

  await fillCredentials(page, "nobody@nenevalley.test", PASSWORD);
  await signInButton.click();
  await expect(emailError).toHaveText("User not found");

  await fillCredentials(page, owner, "wrong-password-here");
  await signInButton.click();
  await expect(page.getByText("Incorrect password")).toBeVisible();
});

test("password field shows and hides", async ({ page }) => {
  await page.goto("/signIn");
  await waitForHydration(page);
  const field = page.getByLabel("Password", { exact: true });
  await field.fill("secret-value");
  await expect(field).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(field).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(field).toHaveAttribute("type", "password");
});

test("sign-in shows 'Signed In' and returns to the previous page; sign-out goes home", async ({ page }) => {
  await page.goto("/contact-page-that-does-not-exist-yet");
  await page.goto("/signIn?redirectTo=%2Fprofile");
  await waitForHydration(page);
  await fillCredentials(page, owner, PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Signed In" });
  await expect(dialog).toContainText(owner);
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await signOut(page);
  await expect(page).toHaveURL(`http://127.0.0.1:${PORT}/`);
  await page.goto("/profile");
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/signIn/);
});

test("an unverified account can resend its mail and delete itself; Cancel really cancels", async ({ page }) => {
  const email = "unsure@nenevalley.test";
  await signUp(page, email);
  const before = smtp.messages.filter((m) => m.to.includes(email)).length;
  await page.getByRole("button", { name: "resend email" }).click();
  await page.getByRole("dialog", { name: "Verification email sent" }).getByRole("button", { name: "OK" }).click();
  await expect.poll(() => smtp.messages.filter((m) => m.to.includes(email)).length).toBe(before + 1);

  await page.getByRole("button", { name: "Delete EVERYTHING!!!!" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Please verify your email" })).toBeVisible();

  await page.getByRole("button", { name: "Delete EVERYTHING!!!!" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("heading", { name: "Secure sign in" })).toBeVisible();
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.locator("#sign-in-email-error")).toHaveText("User not found");
});

test("profile: display name, picture and password", async ({ page }) => {
  await signIn(page, member);
  await page.goto("/profile");
  await waitForHydration(page);
  await disclosure(page, "Update Profile / Delete account").click();

  const name = page.getByLabel("Display name");
  await name.fill("   ");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Display name cannot be empty")).toBeVisible();
  await name.fill("Sam the Member");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByTestId("profile-name")).toHaveText("Sam the Member");

  await page.getByLabel("Picture").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText(/not a picture the site can use/)).toBeVisible();
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
    "base64",
  );
  await page.getByLabel("Picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await expect(page.getByAltText("Preview of the chosen file")).toBeVisible();
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByTestId("profile-picture")).toHaveAttribute("src", /^\/avatars\/\d+-[0-9a-f]+\.webp$/);
  const src = await page.getByTestId("profile-picture").getAttribute("src");
  const served = await page.request.get(src!);
  expect(served.headers()["content-type"]).toBe("image/webp");

  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Old password required")).toBeVisible();
  await page.getByLabel("Old password", { exact: true }).fill("not-my-password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("New password required")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Old password incorrect")).toBeVisible();
  await page.getByLabel("Old password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("tiny");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("New password too weak")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
  await page.getByRole("button", { name: "Change password" }).click();
  const done = page.getByRole("dialog", { name: "Password Changed" });
  await expect(done).toContainText("Your password has been changed");
  await done.getByRole("button", { name: "OK" }).click();
  await expect(page.getByTestId("profile-name")).toHaveText("Sam the Member");

  await signOut(page);
  await signIn(page, member, "a-brand-new-password");
});

test("forgot password sends a reset link that works once", async ({ page }) => {
  await page.goto("/signIn");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
  const before = smtp.messages.length;
  await page.getByLabel("Email").fill(member);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(/a link to choose a new password is on its way/)).toBeVisible();
  const link = await linkFromMail(smtp, member, "reset-password", before);
  await page.goto(link);
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel("New password", { exact: true }).fill("reset-password-works-1");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Your password has been changed")).toBeVisible();
  await page.goto(link);
  await expect(page.getByText(/expired or has already been used/)).toBeVisible();
  await signIn(page, member, "reset-password-works-1");
  await signOut(page);
});

test("users page: grant and remove admin, last-admin rule, delete a user", async ({ page }) => {
  await signIn(page, owner);
  await page.goto("/manage/users");
  await waitForHydration(page);
  const ownerRow = page.getByTestId(`user-row-${owner}`);
  const memberRow = page.getByTestId(`user-row-${member}`);
  await expect(ownerRow).toContainText("Admin");
  await expect(ownerRow).toContainText("password");
  await expect(memberRow).toContainText("Member");

  // The only admin cannot remove their own admin.
  await ownerRow.getByRole("button", { name: "Remove admin" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove admin" }).click();
  await expect(page.getByRole("dialog", { name: "Error" })).toContainText("There must always be at least one admin");
  await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();

  // The last admin cannot delete their account while members exist.
  await page.goto("/profile");
  await waitForHydration(page);
  await disclosure(page, "Update Profile / Delete account").click();
  await page.getByRole("button", { name: "Delete Account", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete account", exact: true }).click();
  const refusal = page.getByRole("dialog", { name: "Error" });
  await expect(refusal).toContainText(
    "You are the last admin. You cannot delete your account while other users who are not admins exist.",
  );
  await expect(refusal.getByRole("link", { name: "Open the users page" })).toHaveAttribute("href", "/manage/users");
  await refusal.getByRole("button", { name: "OK" }).click();

  await page.goto("/manage/users");
  await waitForHydration(page);
  await memberRow.getByRole("button", { name: "Make admin" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(memberRow).toContainText("Member");
  await memberRow.getByRole("button", { name: "Make admin" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Make admin" }).click();
  await expect(memberRow.getByRole("cell", { name: "Admin", exact: true })).toBeVisible();
  await memberRow.getByRole("button", { name: "Remove admin" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove admin" }).click();
  await expect(memberRow.getByRole("cell", { name: "Member", exact: true })).toBeVisible();

  await memberRow.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete user" }).click();
  await expect(memberRow).toHaveCount(0);
  await signOut(page);
});

test("Google sign-in through the issuer's discovery document, linking an existing e-mail", async ({ page, browser }) => {
  await page.goto("/signIn");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.locator('input[name="login"]').fill(owner);
  await page.locator('input[name="password"]').fill("anything");
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`^http://127.0.0.1:${PORT}/`));
  await expect(page.getByRole("img", { name: /Account menu/ })).toBeVisible();
  await page.goto("/manage/users");
  await waitForHydration(page);
  const rows = page.locator('tr[data-testid^="user-row-"]');
  await expect(page.getByTestId(`user-row-${owner}`)).toContainText("password, google");
  await expect(rows).toHaveCount(1);
  await signOut(page);

  // A brand-new Google account is a Member (the owner is already admin). New browser: the provider remembers logins.
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${PORT}` });
  page = await context.newPage();
  await page.goto("/signIn");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.locator('input[name="login"]').fill("newcomer");
  await page.locator('input[name="password"]').fill("anything");
  await page.locator('button[type="submit"]').click();
  await page.goto("/profile");
  await waitForHydration(page);
  await expect(page.getByTestId("profile-email")).toHaveText("newcomer@oidc.test (verified)");
  await expect(page.getByTestId("profile-status")).toHaveText("Member");
  await expect(disclosure(page, "Update Profile / Delete account")).toBeVisible();
  await disclosure(page, "Update Profile / Delete account").click();
  await expect(page.getByRole("button", { name: "Change password" })).toHaveCount(0);
  await context.close();
});

test("sign-in attempts are rate limited per account", async ({ page }) => {
  const target = "limited@nenevalley.test";
  await page.goto("/signIn");
  await waitForHydration(page);
  let message = "";
  for (let attempt = 0; attempt < 12; attempt++) {
    await fillCredentials(page, target, `wrong-${attempt}-password`);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.locator("#sign-in-email-error")).toBeVisible();
    message = (await page.locator("#sign-in-email-error").textContent()) ?? "";
    if (message.startsWith("Too many")) break;
  }
  expect(message).toBe("Too many requests. Please try again later");
});

test("deleting an account: a recent sign-in is required, then 'Account deleted'", async ({ page }) => {
  const email = "leaving@nenevalley.test";
  await signUpVerified(page, smtp, email);
  await page.goto("/profile");
  await waitForHydration(page);
  await disclosure(page, "Update Profile / Delete account").click();

  // Age the session beyond Better Auth's freshness window, as if signed in two days ago.
  const db = new Database(path.join(server.dataDir, "site.db"));
  const session = db.prepare(`select s."id", s."createdAt" from "session" s join "user" u on u."id" = s."userId" where u."email" = ?`).get(email) as { id: string; createdAt: string | number };
  const old = Date.now() - 2 * 24 * 60 * 60 * 1000;
  db.prepare(`update "session" set "createdAt" = ? where "id" = ?`).run(typeof session.createdAt === "number" ? old : new Date(old).toISOString(), session.id);
  db.close();

  await page.getByRole("button", { name: "Delete Account", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete account", exact: true }).click();
  const recent = page.getByRole("dialog", { name: "Recent login required" });
  await expect(recent).toContainText("Please sign in again to delete your account");
  await recent.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/signIn/);

  await signIn(page, email);
  await page.goto("/profile");
  await waitForHydration(page);
  await disclosure(page, "Update Profile / Delete account").click();
  await page.getByRole("button", { name: "Delete Account", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByTestId("profile-email")).toContainText(email);
  await page.getByRole("button", { name: "Delete Account", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete account", exact: true }).click();
  const deleted = page.getByRole("dialog", { name: "Account deleted" });
  await expect(deleted).toBeVisible();
  await deleted.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL(`http://127.0.0.1:${PORT}/`);
  await page.goto("/signIn");
  await waitForHydration(page);
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.locator("#sign-in-email-error")).toHaveText("User not found");
});

test("account pages have no accessibility violations", async ({ page }) => {
  const check = async () => {
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(results.violations.map((v) => `${page.url()} ${v.id}: ${v.help}`)).toEqual([]);
  };
  await page.goto("/signIn");
  await waitForHydration(page);
  await check();
  await page.goto("/forgot-password");
  await check();
  await signIn(page, owner);
  await page.goto("/profile");
  await waitForHydration(page);
  await disclosure(page, "Update Profile / Delete account").click();
  await check();
  await page.goto("/manage/users");
  await waitForHydration(page);
  await check();
});
