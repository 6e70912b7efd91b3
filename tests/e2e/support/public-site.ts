import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { readFileSync } from "node:fs";
import path from "node:path";
import { type BrowserContext, type Locator, type Page, expect } from "@playwright/test";
import sharp from "sharp";
import { fillPlaceholders } from "../../../app/lib/content/placeholders";
import type { SiteConfig } from "../../../app/lib/site-config";

const seed = JSON.parse(readFileSync("config/site.json", "utf8")) as SiteConfig;
/** The shipped seed content, with its placeholders ({owner}, {areas}...) filled in as the pages render it. */
export const site: SiteConfig = { ...seed, services: fillPlaceholders(seed.services, seed.business), pages: fillPlaceholders(seed.pages, seed.business) };

export const PUBLIC_PAGES = [
  { path: "/", page: site.pages.home, heading: site.pages.home.heading },
  { path: "/aboutme", page: site.pages.about, heading: site.pages.about.headingPrefix },
  { path: "/services", page: site.pages.services, heading: site.pages.services.heading },
  { path: "/webdev", page: site.pages.webdev, heading: site.pages.webdev.heading },
  { path: "/ha", page: site.pages.homeAutomation, heading: site.pages.homeAutomation.heading },
  { path: "/contact", page: site.pages.contact, heading: site.pages.contact.heading },
] as const;

/** WCAG 2 A and AA violations on the page as it is now, as readable lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** The toggle (<summary>) of a native disclosure, by its whole text. Playwright gives <summary> no role. */
export function disclosure(scope: Page | Locator, name: string): Locator {
  const text = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return scope.locator("summary").filter({ hasText: new RegExp(`^\\s*${text}\\s*$`) });
}

/** That the <details> whose toggle this is is open (or closed). */
export async function expectOpen(toggle: Locator, open = true): Promise<void> {
  await expect(toggle.locator("xpath=..")).toHaveJSProperty("open", open);
}

/** Waits until React has hydrated: the footer's colour toggle is disabled until then. */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.getByRole("button", { name: /colours$/ })).toBeEnabled();
}

/**
 * Adds a gallery with `count` ready photos straight into a site's SQLite file, as the admin pages would, and
 * returns their ids in upload order. Each photo has AVIF, WebP and JPEG variants at 320 and 640 px.
 */
export function seedGallery(dataDir: string, name: string, count: number): { categoryId: number; imageIds: string[] } {
  const db = new Database(path.join(dataDir, "site.db"));
  try {
    const now = new Date().toISOString();
    const { id: categoryId } = db
      .prepare(`insert into "category" ("name", "createdAt", "updatedAt") values (?, ?, ?) returning "id"`)
      .get(name, now, now) as { id: number };
    const insert = db.prepare(
      `insert into "image" ("id", "categoryId", "name", "title", "caption", "width", "height", "status", "variants", "createdAt", "updatedAt")
       values (?, ?, ?, ?, ?, 640, 480, 'ready', ?, ?, ?)`,
    );
    const imageIds: string[] = [];
    for (let i = 0; i < count; i++) {
      // UUIDv7-shaped and increasing, like the real ids.
      const id = `0190a000-0000-7000-8000-${String(categoryId * 1000 + i).padStart(12, "0")}`;
      // As the image pipeline records them (every planned width of a 640 px photo, three formats).
      const variants = ["avif", "webp", "jpeg"].flatMap((format) =>
        [320, 640].map((width) => ({ name: `w${width}`, format, width, height: (width * 3) / 4, size: 1000, hash: `h${format}${width}x` })),
      );
      insert.run(id, categoryId, `photo-${i}`, `${name} photo ${i + 1}`, `A ${name} job`, JSON.stringify(variants), now, now);
      imageIds.push(id);
    }
    return { categoryId, imageIds };
  } finally {
    db.close();
  }
}

/**
 * Answers the uploaded-photo addresses with small real images of the requested format. The image route belongs
 * to the galleries work; these tests only check how the public pages ask for photos.
 */
export async function fakeUploadedPhotos(context: BrowserContext): Promise<void> {
  const cache = new Map<string, Buffer>();
  await context.route(/\/media\/[0-9a-f-]{36}\/w\d+\.(avif|webp|jpg)\?v=/, async (route) => {
    const format = new URL(route.request().url()).pathname.split(".").pop() as "avif" | "webp" | "jpg";
    let body = cache.get(format);
    if (!body) {
      const image = sharp({ create: { width: 40, height: 30, channels: 3, background: "#b5523b" } });
      body = await (format === "avif" ? image.avif() : format === "webp" ? image.webp() : image.jpeg()).toBuffer();
      cache.set(format, body);
    }
    await route.fulfill({ body, contentType: format === "jpg" ? "image/jpeg" : `image/${format}` });
  });
}
