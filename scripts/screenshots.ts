// Screenshots of pages at phone and desktop widths in light and dark, for looking at what we built.
// Usage: node scripts/screenshots.ts http://127.0.0.1:3000 / /services ...   (PNGs go to tmp/screens/)
//        JS=0 takes them with JavaScript off (file names end in -nojs), FULL=1 takes whole pages.
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS } from "../playwright.config.ts";

const [base = "http://127.0.0.1:3000", ...paths] = process.argv.slice(2);
const outDir = "tmp/screens";
const javaScriptEnabled = process.env.JS !== "0";
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
});
for (const path of paths.length ? paths : ["/"]) {
  for (const [label, width, height] of [["phone", 375, 812], ["desktop", 1280, 900]] as const) {
    for (const scheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme, deviceScaleFactor: 1, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(base + path, { waitUntil: "networkidle" });
      const file = `${outDir}/${path.replace(/[^a-z0-9]+/gi, "_") || "home"}-${label}-${scheme}${javaScriptEnabled ? "" : "-nojs"}.png`;
      await page.screenshot({ path: file, fullPage: process.env.FULL === "1" });
      console.log(file);
      await context.close();
    }
  }
}
await browser.close();
