// npm run bench:images [-- --runs N]
// Times the image pipeline on a 12-megapixel phone photo, as a JPEG and as a HEIC: how long until the image can be shown (first
// variants stored), how long until every variant is stored, and the process's peak memory. Each run is a
// fresh process (scripts/support/bench-images-run.ts) so one run's memory cannot hide in another's.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { brickWall } from "./support/synthetic-photo.ts";

type Targets = { displayableMs: number; doneMs?: number; peakBytes: number };
/** The floor set for a 12 MP phone photo: JPEG shown within 0.4 s, HEIC (decoded by libheif in WebAssembly) within 3 s. */
const JPEG_TARGETS: Targets = { displayableMs: 400, doneMs: 3_000, peakBytes: 250 * 1024 * 1024 };
const HEIC_TARGETS: Targets = { displayableMs: 3_000, peakBytes: 400 * 1024 * 1024 };
const WIDTH = 4000;
const HEIGHT = 3000;
const runsArg = process.argv.indexOf("--runs");
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;

type Run = {
  displayableMs: number;
  displayableCpuMs: number;
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

// The same photo as an iPhone's HEIC, made by Debian's heif-enc (libheif-examples) once and kept: x265 takes a while.
const heic = path.join(dir, "photo-12mp.heic");
let heicMissing: string | undefined;
if (!existsSync(heic)) {
  const made = spawnSync("heif-enc", ["-q", "60", photo, "-o", heic], { encoding: "utf8" });
  if (made.error || made.status !== 0) heicMissing = `heif-enc could not make it (${made.error?.message ?? made.stderr.trim()}): install libheif-examples`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const loadBefore = os.loadavg()[0] ?? 0;
console.log(
  `Photo: ${WIDTH}x${HEIGHT}, EXIF orientation 6 and GPS; JPEG ${megabytes(statSync(photo).size)}` +
    (heicMissing ? "" : `, HEIC ${megabytes(statSync(heic).size)}`) +
    `. ${runs} run(s) each on ${os.cpus().length} CPUs, Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}).`,
);

function measure(label: string, file: string): Run[] {
  const results: Run[] = [];
  for (let i = 1; i <= runs; i++) {
    const child = spawnSync(
      process.execPath,
      [
        // As the production server runs (server.ts starts itself again with these): V8's heap capped, and at most two
        // malloc arenas, which is also what makes sharp use both cores (on glibc without it, sharp runs libvips on one thread),
        // and a fixed trim threshold, so memory the encoders free goes back to the system.
        "--max-semi-space-size=2",
        "--max-old-space-size=160",
        "--experimental-transform-types",
        "--disable-warning=ExperimentalWarning",
        "--import",
        "./scripts/support/resolve-app-imports.ts",
        "scripts/support/bench-images-run.ts",
        file,
      ],
      {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
        env: {
          ...process.env,
          LOG_LEVEL: "warn",
          MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
          MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? "131072",
        },
      },
    );
    const line = child.stdout.trim().split("\n").at(-1) ?? "";
    if (child.status !== 0 || !line.startsWith("{")) {
      console.error(`${label} run ${i} failed (exit ${child.status}):\n${child.stdout}`);
      process.exit(1);
    }
    const run = JSON.parse(line) as Run;
    if (run.status !== "ready") throw new Error(`${label} run ${i}: image ended ${run.status}, not ready`);
    results.push(run);
    console.log(
      `${label} run ${i}: displayable ${seconds(run.displayableMs)} (${run.firstVariants} variants, CPU ${seconds(run.displayableCpuMs)}), all ${run.variants} variants ${seconds(run.doneMs)} ` +
        `(CPU ${seconds(run.cpuMs)}), ` +
        `peak RSS ${megabytes(run.peakBytes)} (${megabytes(run.baselineBytes)} before the upload), ${(run.storedBytes / 1024).toFixed(0)} KB stored`,
    );
  }
  return results;
}

const measured = [{ label: "JPEG", targets: JPEG_TARGETS, results: measure("JPEG", photo) }];
if (heicMissing) console.log(`HEIC row skipped: ${heicMissing}`);
else measured.push({ label: "HEIC", targets: HEIC_TARGETS, results: measure("HEIC", heic) });

let failed = false;
console.log(`\nload average: ${loadBefore.toFixed(2)} before, ${(os.loadavg()[0] ?? 0).toFixed(2)} after (the machine may be shared)\n`);
console.log("| photo | measure | median | min | max | target | result |");
console.log("|---|---|---|---|---|---|---|");
for (const { label, targets, results } of measured) {
  const rows = [
    { name: "displayable (first variants stored)", key: "displayableMs", format: seconds, target: targets.displayableMs },
    { name: "every variant stored", key: "doneMs", format: seconds, target: targets.doneMs },
    { name: "peak memory (RSS of the process)", key: "peakBytes", format: megabytes, target: targets.peakBytes },
  ] as const;
  for (const row of rows) {
    const values = results.map((r) => r[row.key]);
    const med = median(values);
    // Memory is judged on the worst run; times on the median, as the targets say.
    const judged = row.key === "peakBytes" ? Math.max(...values) : med;
    const pass = row.target === undefined ? undefined : row.key === "peakBytes" ? judged < row.target : judged <= row.target;
    failed ||= pass === false;
    const target = row.target === undefined ? "" : `${row.key === "peakBytes" ? "<" : "≤"} ${row.format(row.target)}`;
    console.log(
      `| ${label} | ${row.name} | ${row.format(med)} | ${row.format(Math.min(...values))} | ${row.format(Math.max(...values))} | ${target} | ${pass === undefined ? "" : pass ? "pass" : "FAIL"} |`,
    );
  }
  // CPU time (every thread, libvips and the encoders included) hardly moves with the machine's load, unlike wall time.
  for (const [name, key] of [
    ["CPU time until displayable (all threads)", "displayableCpuMs"],
    ["CPU time for every variant (all threads)", "cpuMs"],
  ] as const) {
    const cpu = results.map((r) => r[key]);
    console.log(`| ${label} | ${name} | ${seconds(median(cpu))} | ${seconds(Math.min(...cpu))} | ${seconds(Math.max(...cpu))} | | |`);
  }
}
process.exit(failed ? 1 : 0);
