// npm run bench:load [-- --quick] [-- --no-build] [-- --no-faults]
// Load and fault runs against the production server (BENCH_PORT, default 3329) on its own port with a seeded
// DATA_DIR (a 1,000-photo gallery):
// 1. autocannon on a static file (/favicon.svg), /, /services, /contact and the 1,000-photo gallery page, at 20 and
//    50 connections (CONNECTIONS), DURATION seconds each (default 30; --quick: 3), as a visitor whose visit is
//    already counted (the cookie a first visit got), then the same pages as first visits (no cookie: every request
//    counts a visitor), then addresses with random query strings (rendered, never kept): req/s, p50, p99, errors,
//    the ratio to the static file and, for first visits, to the returning visitor's rate; and the server's resident
//    memory after start and at its peak under this load (VmRSS, VmHWM);
// 2. the database queries each anonymous page costs, rendered and then from the page cache (a second server
//    logging every query);
// 3. the fault runs, which are tests (their assertions live there; this prints what they took): 200 first visits
//    at once on SQLite and PostgreSQL, kill -9 while photos are processed, two instances on one PostgreSQL and one
//    bucket, the hostile-upload corpus through both uploads. They use E2E_PORT = BENCH_PORT + 1 and up.
// A benchmark, not a test: it reports, and fails when a run could not be made, a load run had any error (the
// target is 0) or a fault run failed.
import autocannon from "autocannon";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startIsolatedServer } from "../tests/support/server.ts";

const args = new Set(process.argv.slice(2));
const quick = args.has("--quick");
const PORT = Number(process.env.BENCH_PORT ?? 3329);
const DURATION = Number(process.env.DURATION ?? (quick ? 3 : 30));
const CONNECTIONS = (process.env.CONNECTIONS ?? "20,50").split(",").map(Number);
const work = path.resolve("tmp/bench-load");
const dataDir = path.join(work, "data");
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(", ");
const loadBefore = load();

function run(command: string, commandArgs: string[], options: { env?: NodeJS.ProcessEnv; capture?: boolean } = {}): string {
  const result = spawnSync(command, commandArgs, { stdio: options.capture ? ["ignore", "pipe", "inherit"] : "inherit", env: options.env ?? process.env, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed with ${result.status}`);
  return result.stdout ?? "";
}

if (!args.has("--no-build")) run("npm", ["run", "build"]);

console.log("Seeding a 1,000-photo gallery…");
rmSync(work, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const seeded = run(process.execPath, ["--import", "./scripts/support/resolve-app-imports.ts", "scripts/support/bench-load-seed.ts", dataDir], {
  capture: true,
  env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn" },
});
const galleryId = Number(seeded.trim().split("\n").at(-1));
const PAGES = ["/favicon.svg", "/", "/services", "/contact", `/gallery/${galleryId}`];
const HEADERS = {
  // Replaced below by the cookie a real first visit gets (it holds that visitor's number).
  cookie: "visited=1",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  "accept-encoding": "br, gzip",
};

/** CPU time the server has used so far, in ms (user and system; /proc/{pid}/stat counts in 1/100 s). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The server's resident memory in MB: now (VmRSS) or its peak so far (VmHWM). */
function residentMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

// 1. Load.
const server = await startIsolatedServer(PORT, { LOG_LEVEL: "warn" }, { dataDir, keepData: true });
const memory = { afterStart: residentMb(server.pid, "VmRSS"), peak: 0, afterLoad: 0 };
// A returning visitor: one first visit counts them, and its cookie goes with every request after.
const firstVisit = await fetch(`${server.baseURL}/`, { headers: { "user-agent": HEADERS["user-agent"] } });
await firstVisit.text();
HEADERS.cookie = (firstVisit.headers.getSetCookie()[0] ?? "visited=1").split(";")[0]!;
type Visitor = "returning" | "first visit" | "random query";
type Row = { page: string; visitor: Visitor; connections: number; rps: number; p50: number; p99: number; errors: number; cpu: number };
const rows: Row[] = [];
const FIRST_VISIT = { "user-agent": HEADERS["user-agent"], "accept-encoding": HEADERS["accept-encoding"] };
/** Addresses spelt anew on every request: `{random}` is replaced by a fresh random string each time. */
const RANDOM_QUERIES = ["/services?index={random}", "/?utm_source={random}"];
const RUNS: { page: string; visitor: Visitor; headers: Record<string, string> }[] = [
  ...PAGES.map((page) => ({ page, visitor: "returning" as const, headers: HEADERS })),
  ...PAGES.slice(1).map((page) => ({ page, visitor: "first visit" as const, headers: FIRST_VISIT })),
  ...RANDOM_QUERIES.map((page) => ({ page, visitor: "random query" as const, headers: HEADERS })),
];
try {
  for (const connections of CONNECTIONS) {
    for (const { page, visitor, headers } of RUNS) {
      const options = {
        url: `${server.baseURL}${page.replace("{random}", "x")}`,
        connections,
        headers,
        ...(page.includes("{random}")
          ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: page.replace("{random}", Math.random().toString(36).slice(2)) }) }] }
          : {}),
      };
      // A short warm-up, so the first requests' compile and cache work is not in the figures.
      await autocannon({ ...options, duration: 1 });
      const cpuBefore = cpuMs(server.pid);
      const result = await autocannon({ ...options, duration: DURATION });
      // The server's own CPU time per answered request: unlike req/s, it does not depend on what else the machine runs.
      const cpu = (cpuMs(server.pid) - cpuBefore) / Math.max(1, result.requests.total);
      rows.push({
        page,
        visitor,
        connections,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
        cpu,
      });
      process.stdout.write(".");
    }
  }
  memory.peak = residentMb(server.pid, "VmHWM");
  memory.afterLoad = residentMb(server.pid, "VmRSS");
} finally {
  await server.stop();
}
console.log();

// 2. Queries per anonymous page, read from a server that logs every query.
const traced = await startIsolatedServer(PORT, { LOG_LEVEL: "trace" }, { dataDir, keepData: true, captureLog: true });
const queries: { page: string; rendered: number; kept: number; first: number }[] = [];
try {
  const count = async (page: string, cookie: string) => {
    const start = traced.log().length;
    await (await fetch(`${traced.baseURL}${page}`, { headers: { ...HEADERS, cookie } })).text();
    await new Promise((resolve) => setTimeout(resolve, 150));
    const lines = traced.log().slice(start).split("\n");
    // Not the page's: the background work (image job claims, the page cache's freshness poll and its write of the
    // visits counted in memory, the page-view counts' flush, the mail outbox).
    const background = /leaseOwner|contentVersion|trafficDay|pageViewDay|referrerDay|mailOutbox|visitDay|update \\"visitCounter\\"|"sql":"(begin|commit)"/;
    return lines.filter((line) => line.includes('"msg":"db query"') && !background.test(line)).length;
  };
  for (const page of PAGES.slice(1)) {
    // The first returning view renders the page (and keeps it); the next is sent from the page cache.
    const rendered = await count(page, HEADERS.cookie);
    queries.push({ page, rendered, kept: await count(page, HEADERS.cookie), first: await count(page, "") });
  }
} finally {
  await traced.stop();
}

// 3. Fault runs.
type Fault = { name: string; result: string; seconds: number };
const faults: Fault[] = [];
if (!args.has("--no-faults")) {
  const report = path.join(work, "faults.json");
  const files = ["first-visits", "crash-recovery", "two-instances", "image-jobs", "hardening-server"].map((f) => `tests/integration/${f}.test.ts`);
  const testRun = spawnSync("npx", ["vitest", "run", ...files, "--reporter=json", `--outputFile=${report}`], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, E2E_PORT: String(PORT + 1), REQUIRE_PG: "1", REQUIRE_S3: "1" },
  });
  const json = JSON.parse(readFileSync(report, "utf8")) as {
    testResults: { assertionResults: { ancestorTitles: string[]; title: string; status: string; duration?: number }[] }[];
  };
  const corpus = "the hostile-upload corpus";
  for (const file of json.testResults) {
    for (const test of file.assertionResults) {
      const seconds = (test.duration ?? 0) / 1000;
      if (test.ancestorTitles.includes(corpus)) {
        // One line for the whole corpus: every file through both uploads.
        const row = faults.find((f) => f.name.startsWith(corpus)) ?? faults[faults.push({ name: corpus, result: "passed", seconds: 0 }) - 1]!;
        row.seconds += seconds;
        if (test.status !== "passed") row.result = test.status;
        continue;
      }
      // The server's other hostile-request tests are the security section's, not fault runs.
      if (file.assertionResults.some((t) => t.ancestorTitles.includes(corpus))) continue;
      faults.push({ name: [...test.ancestorTitles, test.title].join(" › "), result: test.status, seconds });
    }
  }
  const corpusRow = faults.find((f) => f.name === corpus);
  if (corpusRow) corpusRow.name = `${corpus}: every file through the gallery upload and the profile picture, refused with its message`;
  if (testRun.status !== 0) process.exitCode = 1;
}

// Report.
const fmt = (n: number, digits = 0) => n.toLocaleString("en-GB", { maximumFractionDigits: digits, minimumFractionDigits: digits });
console.log(`\nProduction server on 127.0.0.1:${PORT}, ${os.availableParallelism()} CPUs, Node ${process.version}; ${DURATION} s per run, cookie ${HEADERS.cookie} (from a first visit), Accept-Encoding: br, gzip.`);
console.log(`Load average (1, 5, 15 min): ${loadBefore} before, ${load()} after (the machine may be shared).\n`);
console.log("| request | visitor | connections | req/s | p50 | p99 | errors | vs static file | server CPU per request | CPU vs returning visitor |");
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const row of rows) {
  const base = rows.find((r) => r.page === "/favicon.svg" && r.connections === row.connections)!;
  const returning = rows.find((r) => r.page === row.page && r.visitor === "returning" && r.connections === row.connections);
  const label = row.page.startsWith("/gallery/") ? "/gallery/{id} (1,000 photos)" : row.page === "/favicon.svg" ? "/favicon.svg (static file)" : row.page;
  // Issue 19, item 3: a first visit of a kept page costs at most twice a returning visit.
  const vsReturning = row.visitor === "returning" || !returning ? "" : `${fmt(row.cpu / returning.cpu, 2)}×`;
  console.log(
    `| ${label} | ${row.visitor} | ${row.connections} | ${fmt(row.rps)} | ${row.p50} ms | ${row.p99} ms | ${row.errors} | ${fmt((row.rps / base.rps) * 100, 1)} % | ${fmt(row.cpu * 1000)} µs | ${vsReturning} |`,
  );
}
// Issue 19, item 20: the budgets are 150 MB after start and 300 MB under this load.
console.log(
  `\nServer memory (resident): ${fmt(memory.afterStart, 1)} MB after start (budget 150 MB), ${fmt(memory.peak, 1)} MB at the peak of the load runs (budget 300 MB), ${fmt(memory.afterLoad, 1)} MB after them.`,
);
console.log("\n| page (anonymous) | queries, visit already counted: rendered | then kept | queries, first visit |");
console.log("|---|---|---|---|");
for (const q of queries) console.log(`| ${q.page.startsWith("/gallery/") ? "/gallery/{id}" : q.page} | ${q.rendered} | ${q.kept} | ${q.first} |`);
if (faults.length > 0) {
  console.log("\n| fault run (a test) | result | time |");
  console.log("|---|---|---|");
  for (const fault of faults) console.log(`| ${fault.name} | ${fault.result} | ${fmt(fault.seconds, 1)} s |`);
}

// The target is no error at all: a run with any (a failed request, a timeout, an answer other than 2xx) fails.
const withErrors = rows.filter((row) => row.errors > 0);
if (withErrors.length > 0) {
  console.error(`\nLoad runs with errors (the target is 0): ${withErrors.map((row) => `${row.page} at ${row.connections} connections: ${row.errors}`).join("; ")}`);
  process.exitCode = 1;
}
