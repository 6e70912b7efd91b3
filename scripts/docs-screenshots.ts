// npm run docs:screenshots
// The README's two screenshots, made from a seeded site so they stay current with one command: builds if there is
// no build, seeds a temporary DATA_DIR with a gallery of photos sent through the real image pipeline, starts the
// production server on its own port (SCREENSHOT_PORT, default 3339), takes the home page at desktop width
// (1280 px) and the gallery on a phone (360 px), writes them as WebP into docs/screenshots/, and stops the server.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import sharp from "sharp";
import { CHROMIUM_ARGS } from "../playwright.config.ts";
import { startIsolatedServer } from "../tests/support/server.ts";

const PORT = Number(process.env.SCREENSHOT_PORT ?? 3339);
const PHOTOS = 8;
const outDir = path.resolve("docs/screenshots");

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, LOG_LEVEL: "warn" } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed with ${result.status}`);
  return result.stdout;
}

/** Scrolls through the page so lazy photos load, waits for every image, and goes back to the top. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    window.scrollTo(0, 0);
    await Promise.all(
      Array.from(document.images, (img) => (img.complete ? null : new Promise((resolve) => img.addEventListener("load", resolve, { once: true })))),
    );
  });
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
}

if (!existsSync("build/server/index.js")) {
  console.log("No build yet: npm run build");
  run("npm", ["run", "build", "--silent"]);
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), "docs-screenshots-"));
console.log(`Seeding a gallery of ${PHOTOS} photos through the image pipeline into ${dataDir}...`);
const seeded = run(process.execPath, [
  "--import",
  "./scripts/support/resolve-app-imports.ts",
  "scripts/support/seed-photo-gallery.ts",
  dataDir,
  String(PHOTOS),
]);
const galleryId = Number(seeded.trim().split("\n").at(-1));
if (!Number.isInteger(galleryId)) throw new Error(`seeding printed no gallery id: ${seeded}`);

const server = await startIsolatedServer(PORT, { LOG_LEVEL: "warn" }, { dataDir });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
try {
  mkdirSync(outDir, { recursive: true });
  const shots = [
    { file: "desktop.webp", path: "/", viewport: { width: 1280, height: 800 }, scale: 1 },
    { file: "phone.webp", path: `/gallery/${galleryId}`, viewport: { width: 360, height: 740 }, scale: 2 },
  ];
  for (const shot of shots) {
    const context = await browser.newContext({ viewport: shot.viewport, deviceScaleFactor: shot.scale, colorScheme: "light", reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto(server.baseURL + shot.path, { waitUntil: "networkidle" });
    await settle(page);
    const png = await page.screenshot();
    const file = path.join(outDir, shot.file);
    await sharp(png).webp({ quality: 72, effort: 6 }).toFile(file);
    console.log(`${path.relative(process.cwd(), file)}: ${shot.viewport.width}x${shot.viewport.height} at ${shot.scale}x, ${(statSync(file).size / 1024).toFixed(1)} KB`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
