// What choosing a page's share of the stylesheet costs the server (app/server/styles), on pages of a running site.
// Usage: npm run bench:page-styles -- [BASE_URL, default http://127.0.0.1:3000] [PATH...]
// Reads each page as a visitor without a session gets it and the site stylesheet it links, then times, in this
// process (averages of 50 or 1,000 calls): reading the stylesheet (once per server process), choosing the share of a
// page whose tokens were not seen before (a miss), the same page again (a hit, from memory), and listing a page's
// tokens (every request does that).
import { performance } from "node:perf_hooks";
import { createCriticalCss } from "../app/server/styles/critical-css.server.ts";
import { listPageTokens } from "../app/server/styles/page-tokens.server.ts";
import { SCRIPT_TOGGLED_CLASSES } from "../app/server/styles/script-toggled-classes.server.ts";

const [base = "http://127.0.0.1:3000", ...argPaths] = process.argv.slice(2);
const paths = argPaths.length ? argPaths : ["/", "/services", "/contact"];
const isAlwaysPresent = (token: string) => token.startsWith(".") && SCRIPT_TOGGLED_CLASSES.test(token.slice(1));

const pages = await Promise.all(
  paths.map(async (path) => ({ path, html: await (await fetch(base + path, { headers: { cookie: "visited=1" } })).text() })),
);
const href = /<link rel="stylesheet" href="(\/assets\/site-styles-[\w-]+\.css)"/.exec(pages[0]!.html)?.[1];
if (!href) throw new Error(`${base}${paths[0]} links no site stylesheet: is it this branch's build?`);
const css = await (await fetch(base + href)).text();

const time = (work: () => unknown, times = 1) => {
  const start = performance.now();
  for (let i = 0; i < times; i++) work();
  return (performance.now() - start) / times;
};
const ms = (value: number) => `${value.toFixed(value < 1 ? 3 : 1)} ms`;

// Warm the code paths up on a throwaway instance, so the figures are not the JIT's first run.
const warm = createCriticalCss(css, { isAlwaysPresent });
for (const { html } of pages) warm.forPage(listPageTokens(html));

const reads = [0, 1, 2].map(() => time(() => createCriticalCss(css, { isAlwaysPresent }).forPage(new Set())));
console.log(`stylesheet: ${(css.length / 1024).toFixed(1)} KB, read (once per server process): ${ms(Math.min(...reads))} to ${ms(Math.max(...reads))}`);
// Remembering nothing, every call is a miss.
const misses = createCriticalCss(css, { isAlwaysPresent, maxEntries: 0 });
const hits = createCriticalCss(css, { isAlwaysPresent });
misses.forPage(new Set());
console.log("| page | HTML | tokens listed | miss | hit | inlined |");
console.log("|---|---|---|---|---|---|");
for (const { path, html } of pages) {
  const tokens = listPageTokens(html);
  const listing = time(() => listPageTokens(html), 50);
  const miss = time(() => misses.forPage(tokens), 50);
  const result = hits.forPage(tokens);
  const hit = time(() => hits.forPage(tokens), 1000);
  console.log(
    `| ${path} | ${(html.length / 1024).toFixed(1)} KB | ${ms(listing)} | ${ms(miss)} | ${ms(hit)} | ${(result.length / 1024).toFixed(1)} KB |`,
  );
}
