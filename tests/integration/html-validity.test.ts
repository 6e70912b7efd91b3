import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Db, createDb } from "~/server/db/client.server";
import { insertCategory } from "../factories/categories";
import { insertImage } from "../factories/images";
import { buildMissingReason } from "../setup/build";
import { describeUnless } from "../setup/describe-unless";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { testPort } from "../support/ports";

// Every public page of the production build, as a first-time visitor and a crawler get it, through the Nu HTML
// Checker (the vnu-jar package: the checker that validator.w3.org/nu runs), which needs a Java runtime.

const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));

/** Why the checker cannot run here, or undefined. CI installs Java (.ci/run) and sets REQUIRE_JAVA=1: no skip there. */
function javaMissingReason(): string | undefined {
  const java = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (java.status === 0) return undefined;
  const reason = "java is not installed, and the Nu HTML Checker is a Java program (apt-get install default-jre-headless)";
  if (process.env.REQUIRE_JAVA === "1") throw new Error(`${reason}; REQUIRE_JAVA=1 needs this test`);
  return reason;
}

/**
 * The checker's messages that are wrong, because its grammar lags the standards the pages follow. Each must be
 * matched by its message and by the text it points at, so that nothing else of that kind gets through.
 */
const CHECKER_LAGS: { message: RegExp; extract: RegExp; why: string }[] = [
  {
    // HTML's "blocking" attribute is allowed on <link rel="expect"> since 2024 (render-blocking until #main is parsed).
    message: /^A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”\.$/,
    extract: /<link rel="expect" href="#main" blocking="render"\/?>/,
    why: "rel=expect with blocking=render",
  },
  {
    // CSS Transitions Level 2: transition-behavior's allow-discrete (the native dialog's and popover's exit fades).
    message: /^CSS: “transition”: “allow-discrete” is not a “transition” value\.$/,
    extract: /allow-discrete/,
    why: "transition allow-discrete",
  },
  {
    // CSS Containment Level 3: container queries and their units (the web-development page's retro screen).
    message: /^CSS: “container-type”: Property “container-type” doesn't exist\.$/,
    extract: /type:inline-size/,
    why: "container-type",
  },
  {
    message: /^CSS: “[a-z-]+”: Unknown dimension\.$/,
    extract: /\d(cqw|cqh|cqi|cqb|cqmin|cqmax)\b/,
    why: "container query units",
  },
  {
    // CSS Overflow Level 4's unprefixed line-clamp, written after -webkit-line-clamp for the browsers that have it.
    message: /^CSS: “line-clamp”: Property “line-clamp” doesn't exist\.$/,
    extract: /line-clamp:\d+;/,
    why: "line-clamp",
  },
];

type CheckerMessage = { type: string; subType?: string; url: string; message: string; extract?: string; lastLine?: number; lastColumn?: number };

const skipReason = buildMissingReason() ?? javaMissingReason();

describeUnless(skipReason, "the public pages are valid HTML", () => {
  let server: RunningServer;
  let db: Db;
  let galleryId = 0;
  const folder = mkdtempSync(path.join(os.tmpdir(), "html-validity-"));

  beforeAll(async () => {
    server = await startIsolatedServer(testPort("integration/html-validity"));
    db = createDb({ kind: "sqlite", file: path.join(server.dataDir, "site.db") });
    // A gallery with photos, so its page shows them (the files are not needed: the page only links to them).
    const { id } = await insertCategory(db, { name: "Kitchens" });
    galleryId = id;
    const variants = ["avif", "webp", "jpeg"].flatMap((format) => [320, 640].map((width) => ({ name: `w${width}`, format, width, height: (width * 3) / 4, size: 1000, hash: `h${format}${width}` })));
    for (let i = 0; i < 3; i++) {
      await insertImage(db, { categoryId: id, name: `photo-${i}`, title: `Kitchen ${i + 1}`, caption: "A fitted kitchen", width: 640, height: 480, variants: JSON.stringify(variants) });
    }
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it("the Nu HTML Checker finds no error on any of them, apart from where its grammar lags the standards", async () => {
    // Every address of the sitemap, and the public pages it leaves out (noindex, or no page at all).
    const sitemap = await (await fetch(`${server.baseURL}/sitemap.xml`)).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(listed).toContain(`/gallery/${galleryId}`);
    const paths = [...listed, "/privacy", "/signIn", "/signOut", "/forgot-password", "/reset-password", "/contact/thanks?ref=Q-ABCD2345", "/no-such-page"];

    const files = new Map<string, string>();
    for (const [i, address] of paths.entries()) {
      const response = await fetch(`${server.baseURL}${address}`);
      expect(response.status, address).toBe(address === "/no-such-page" ? 404 : 200);
      const file = path.join(folder, `page-${i}.html`);
      writeFileSync(file, await response.text());
      files.set(`file:${file}`, address);
    }

    const run = spawnSync("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", "--stdout", ...[...files.keys()].map((f) => f.slice(5))], {
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    });
    const messages = (JSON.parse(run.stdout) as { messages: CheckerMessage[] }).messages;
    const named = messages.map((m) => ({ page: files.get(m.url) ?? m.url, ...m }));
    // Something to check, and the checker read every page: a message about a file it could not read is an error too.
    expect(files.size).toBeGreaterThanOrEqual(12);
    const errors = named.filter((m) => m.type === "error" || m.subType === "fatal" || m.type === "non-document-error");
    const lagging = errors.filter((m) => CHECKER_LAGS.some((lag) => lag.message.test(m.message) && lag.extract.test(m.extract ?? "")));
    const real = errors.filter((m) => !lagging.includes(m)).map((m) => `${m.page} ${m.lastLine}:${m.lastColumn} ${m.message} [${m.extract ?? ""}]`);
    expect(real).toEqual([]);
    // The exit code agrees: errors, and only the lagging ones, or none.
    expect(run.status).toBe(lagging.length > 0 ? 1 : 0);
  }, 120_000);
});
