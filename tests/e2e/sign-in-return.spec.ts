import { expect, test } from "@playwright/test";

// /signIn is kept for everybody, so the server never reads the Referer into it (issue 19, item 2); the page offers
// the page of this site the visitor came from in the browser instead.
test("the sign-in page returns to the page the visitor came from, decided in the browser", async ({ page, baseURL }) => {
  // The server's copy is the same whoever asks: the home page, whatever the Referer.
  const served = await fetch(`${baseURL}/signIn`, { headers: { referer: `${baseURL}/services`, cookie: "visited=1" } });
  const html = await served.text();
  expect(html).toContain(`name="redirectTo" value="/"`);

  await page.goto("/signIn", { referer: `${baseURL}/services` });
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await expect(page.locator('input[name="redirectTo"]').first()).toHaveValue("/services");

  // Another site's address is never a return target.
  await page.goto("/signIn", { referer: "https://evil.example/services" });
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await expect(page.locator('input[name="redirectTo"]').first()).toHaveValue("/");

  // An explicit ?redirectTo= wins.
  await page.goto("/signIn?redirectTo=%2Fprofile", { referer: `${baseURL}/services` });
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await expect(page.locator('input[name="redirectTo"]').first()).toHaveValue("/profile");
});
