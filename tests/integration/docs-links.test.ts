import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvSchema } from "~/server/env.server";

// The README and docs/ are what a newcomer reads first: a dead link, an anchor that moved, a command that is not a
// script or a setting nobody documented sends them the wrong way. docs/pending/ holds notes from other branches
// waiting to be folded in, not pages, so it is left out.
const ROOT = process.cwd();

function listDocs(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "pending" ? [] : walk(full);
      return entry.name.endsWith(".md") ? [full] : [];
    });
  return [path.join(ROOT, "README.md"), ...walk(path.join(ROOT, "docs"))];
}

/** The Markdown without fenced code blocks, where # starts no heading. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
}

/** The Markdown without any code, where brackets are not links. */
function prose(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, "``");
}

/** What the Markdown shows as code (fenced blocks and inline spans): where commands are named. */
function codeOf(markdown: string): string {
  const blocks = [...markdown.matchAll(/^(```|~~~)[^\n]*\n([\s\S]*?)^\1[^\n]*$/gm)].map((m) => m[2]!);
  const spans = [...withoutFences(markdown).matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  return [...blocks, ...spans].join("\n");
}

/** GitHub's heading anchors (github-slugger): the text as rendered, lower-cased, punctuation dropped, spaces to -. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/[*_~]{1,2}([^*_~]+)[*_~]{1,2}/g, "$1");
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of withoutFences(readFileSync(file, "utf8")).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Every link target in a file: Markdown links and images, and the href and src of HTML tags. */
function linksOf(file: string): string[] {
  const text = prose(readFileSync(file, "utf8"));
  const markdown = [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const html = [...text.matchAll(/\b(?:href|src)="([^"]+)"/g)].map((m) => m[1]!);
  return [...markdown, ...html];
}

/** What is wrong with one link of `file`, or undefined when it leads somewhere. External links are not fetched. */
function problemWith(file: string, link: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link)) return undefined;
  const [target = "", anchor] = link.split("#", 2);
  const resolved = target === "" ? file : path.resolve(path.dirname(file), decodeURIComponent(target));
  if (!resolved.startsWith(ROOT)) return "leaves the repository";
  if (!existsSync(resolved)) return "no such file";
  if (anchor === undefined) return undefined;
  if (statSync(resolved).isDirectory() || !resolved.endsWith(".md")) return "an anchor into something that is not a Markdown file";
  return anchorsOf(resolved).has(anchor) ? undefined : `no heading #${anchor} in ${path.relative(ROOT, resolved)}`;
}

describe("README.md and docs/", () => {
  const files = listDocs();

  it("hold only links that lead somewhere, anchors included", () => {
    const dead = files.flatMap((file) =>
      linksOf(file).flatMap((link) => {
        const problem = problemWith(file, link);
        return problem ? [`${path.relative(ROOT, file)}: ${link} (${problem})`] : [];
      }),
    );
    expect(dead).toEqual([]);
    expect(files.length).toBeGreaterThan(5);
  });

  it("name only npm commands that package.json has", () => {
    const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
    // `npm run X` needs a script X; `npm start` and `npm test` are the scripts of those names. Other npm commands
    // (ci, install) are npm's own.
    const shortcuts = new Set(["start", "test", "stop", "restart"]);
    const missing = files.flatMap((file) =>
      [...codeOf(readFileSync(file, "utf8")).matchAll(/\bnpm (run )?([a-z][\w:-]*)/g)]
        .filter(([, run, name]) => (run || shortcuts.has(name!)) && !(name! in scripts))
        .map(([command]) => `${path.relative(ROOT, file)}: ${command}`),
    );
    expect(missing).toEqual([]);
  });

  it("describe every setting the server reads, in configuration.md", () => {
    const page = readFileSync("docs/configuration.md", "utf8");
    const undocumented = Object.keys(EnvSchema.shape).filter((name) => !page.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });

  it("keep the README short, with the three things an owner must know on its first screen", () => {
    const readme = readFileSync("README.md", "utf8");
    expect(readme.split("\n").length).toBeLessThanOrEqual(150);
    const firstScreen = readme.split("\n").slice(0, 25).join("\n");
    expect(firstScreen).toContain("PUBLIC_URL");
    expect(firstScreen).toContain("SMTP_URL");
    expect(firstScreen).toMatch(/first account to verify/i);
    expect(readme).toContain("npm ci");
    expect(readme).toContain("npm start");
    expect(readme).toContain("npm test");
  });
});

describe("slug", () => {
  it.each([
    ["A request's way through", "a-requests-way-through"],
    ["9. Mail", "9-mail"],
    ["A cache in front (optional)", "a-cache-in-front-optional"],
    ["What was tried as an attacker would, and the tests that show it", "what-was-tried-as-an-attacker-would-and-the-tests-that-show-it"],
    ["`npm run dev` and hot reload", "npm-run-dev-and-hot-reload"],
    ["Node 24", "node-24"],
  ])("%s → %s", (heading, expected) => {
    expect(slug(heading)).toBe(expected);
  });
});
