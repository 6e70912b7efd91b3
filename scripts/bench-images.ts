// npm run bench:images [-- --runs N]
// Times the image pipeline on a 12-megapixel phone photo: how long until the image can be shown (first
// variants stored), how long until every variant is stored, and the process's peak memory. Each run is a
// fresh process (scripts/support/bench-images-run.ts) so one run's memory cannot hide in another's.
import { spawnSync } from "node:child_process";
import { mkdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { brickWall } from "./support/synthetic-photo.ts";

const TARGETS = { displayableMs: 2_500, doneMs: 15_000, peakBytes: 400 * 1024 * 1024 };
const WIDTH = 4000;
const HEIGHT = 3000;

const runsArg = process.argv.indexOf("--runs");
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;

type Run = {
  displayableMs: number;
  doneMs: number;
  cpuMs: number;
  peakBytes: number;
  baselineBytes: number;
  status: string;
  firstVariants: number;
  variants: number;
  storedBytes: number;
};

// A photo as a phone takes it: sensor-sized, JPEG at high quality, held upright (EXIF orientation 6), with GPS.
const dir = path.resolve("tmp/bench-images");
mkdirSync(dir, { recursive: true });
const photo = path.join(dir, "photo-12mp.jpg");
await sharp(brickWall(WIDTH, HEIGHT), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
  .jpeg({ quality: 90 })
  .withMetadata({ orientation: 6 })
  .withExifMerge({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 34/1 2/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 14/1 25/1" } })
  .toFile(photo);

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const loadBefore = os.loadavg()[0] ?? 0;
console.log(
  `Photo: ${WIDTH}x${HEIGHT} JPEG, ${megabytes(statSync(photo).size)}, EXIF orientation 6 and GPS. ` +
    `${runs} run(s) on ${os.cpus().length} CPUs, Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}).`,
);

const results: Run[] = [];
for (let i = 1; i <= runs; i++) {
  const child = spawnSync(
    process.execPath,
    [
      "--experimental-transform-types",
      "--disable-warning=ExperimentalWarning",
      "--import",
      "./scripts/support/resolve-app-imports.ts",
      "scripts/support/bench-images-run.ts",
      photo,
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, LOG_LEVEL: "warn" } },
  );
  const line = child.stdout.trim().split("\n").at(-1) ?? "";
  if (child.status !== 0 || !line.startsWith("{")) {
    console.error(`run ${i} failed (exit ${child.status}):\n${child.stdout}`);
    process.exit(1);
  }
  const run = JSON.parse(line) as Run;
  if (run.status !== "ready") throw new Error(`run ${i}: image ended ${run.status}, not ready`);
  results.push(run);
  console.log(
    `run ${i}: displayable ${seconds(run.displayableMs)} (${run.firstVariants} variants), all ${run.variants} variants ${seconds(run.doneMs)} ` +
      `(CPU ${seconds(run.cpuMs)}), ` +
      `peak RSS ${megabytes(run.peakBytes)} (${megabytes(run.baselineBytes)} before the upload), ${(run.storedBytes / 1024).toFixed(0)} KB stored`,
  );
}

const rows = [
  { label: "displayable (first variants stored)", key: "displayableMs", format: seconds, target: `≤ ${seconds(TARGETS.displayableMs)}` },
  { label: "every variant stored", key: "doneMs", format: seconds, target: `≤ ${seconds(TARGETS.doneMs)}` },
  { label: "peak memory (RSS of the process)", key: "peakBytes", format: megabytes, target: `< ${megabytes(TARGETS.peakBytes)}` },
] as const;

let failed = false;
console.log(`\nload average: ${loadBefore.toFixed(2)} before, ${(os.loadavg()[0] ?? 0).toFixed(2)} after (the machine may be shared)\n`);
console.log("| measure | median | min | max | target | result |");
console.log("|---|---|---|---|---|---|");
for (const row of rows) {
  const values = results.map((r) => r[row.key]);
  const med = median(values);
  // Memory is judged on the worst run; times on the median, as the targets say.
  const judged = row.key === "peakBytes" ? Math.max(...values) : med;
  const pass = row.key === "peakBytes" ? judged < TARGETS.peakBytes : judged <= TARGETS[row.key];
  failed ||= !pass;
  console.log(
    `| ${row.label} | ${row.format(med)} | ${row.format(Math.min(...values))} | ${row.format(Math.max(...values))} | ${row.target} | ${pass ? "pass" : "FAIL"} |`,
  );
}
const cpu = results.map((r) => r.cpuMs);
console.log(`| CPU time for every variant (all threads) | ${seconds(median(cpu))} | ${seconds(Math.min(...cpu))} | ${seconds(Math.max(...cpu))} | | |`);
process.exit(failed ? 1 : 0);
