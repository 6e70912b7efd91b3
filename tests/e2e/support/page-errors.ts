import type { Page } from "@playwright/test";

/**
 * Collects console errors and uncaught page errors (React hydration errors arrive as the latter). A resource that
 * failed to load is named by its address, so a test can take out exactly the failures it expects.
 */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const url = message.location().url;
    errors.push(url && message.text().startsWith("Failed to load resource") ? `console: ${message.text()} ${url}` : `console: ${message.text()}`);
  });
  return errors;
}
