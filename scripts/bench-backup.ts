// npm run bench:backup [-- --photos N] (default 500)
// Times a backup and a restore of a site with N photos: SQLite and a folder, and PostgreSQL (TEST_PG_URL, a
// throwaway database) with S3 (s3rver on 127.0.0.1, started here). The first few photos go through the real
// pipeline from 12-megapixel JPEGs (every variant, about 1.5 MB each); the rest are copies of their files.
// Each step runs in a fresh process (scripts/support/bench-backup-run.ts); prints a table for the README.
// Node runs with --openssl-legacy-provider because s3rver makes its list continuation tokens with DES, which
// OpenSSL 3 refuses otherwise: listing more than 1000 objects would fail with a 500.
import { spawn } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { formatBytes } from "~/lib/format";
import type { Env } from "~/server/env.server";
import { seedGallery } from "../tests/e2e/support/seed-gallery.ts";
import { createTestDatabase } from "../tests/setup/databases.ts";
import { startS3Server } from "../tests/setup/s3.ts";

const { values } = parseArgs({ options: { photos: { type: "string", default: "500" }, distinct: { type: "string", default: "4" } } });
const photos = Number(values.photos);
const distinct = Math.min(photos, Number(values.distinct));

const root = path.resolve("tmp/bench-backup");
await rm(root, { recursive: true, force: true });
await mkdir(root, { recursive: true });
const sourceDir = path.join(root, "source");

const loadBefore = os.loadavg();
console.log(`Seeding ${photos} photos (${distinct} through the pipeline from 4000x3000 JPEGs, the rest copies)...`);
await seedGallery(
  sourceDir,
  "Bench",
  Array.from({ length: photos }, (_, i) => ({ name: `photo ${i + 1}`, title: `Photo ${i + 1}`, caption: "Plastering in Peterborough", width: 4000, height: 3000, look: "bricks" as const })),
  { distinct },
);

const s3 = await startS3Server();
if (!s3.server) throw new Error(s3.skipReason);
const postgres = await createTestDatabase("postgres", { migrate: false });
const s3Storage: Env["storage"] = { kind: "s3", ...s3.server.config };

type Result = { ms: number; cpuMs: number; peakBytes: number; archiveBytes: number; files: number };
// Asynchronous: s3rver runs in this process and must keep answering while a step runs.
async function run(label: string, step: Record<string, unknown>): Promise<Result & { label: string }> {
  const child = spawn(
    process.execPath,
    ["--import", "./scripts/support/resolve-app-imports.ts", "scripts/support/bench-backup-run.ts", JSON.stringify(step)],
    { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, LOG_LEVEL: "warn" } },
  );
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const line = stdout.trim().split("\n").at(-1) ?? "";
  if (status !== 0 || !line.startsWith("{")) throw new Error(`${label} failed (exit ${status}):\n${stdout}`);
  const result = JSON.parse(line) as Result;
  console.log(`${label}: ${(result.ms / 1000).toFixed(1)} s`);
  return { label, ...result };
}

const local = (dir: string) => ({
  database: { kind: "sqlite", file: path.join(dir, "site.db") },
  storage: { kind: "local", root: path.join(dir, "uploads") },
  dataDir: dir,
  jobDirectory: path.join(dir, "image-jobs"),
});
const archive = path.join(root, "site.tar.gz");
const results = [];
try {
  results.push(await run("backup, SQLite + folder", { kind: "backup", file: archive, ...local(sourceDir) }));
  results.push(await run("restore into SQLite + folder", { kind: "restore", file: archive, ...local(path.join(root, "restored")) }));
  const cloud = { database: { kind: "postgres", url: postgres.url }, storage: s3Storage, dataDir: path.join(root, "cloud"), jobDirectory: path.join(root, "cloud", "image-jobs") };
  results.push(await run("restore into PostgreSQL + S3 (s3rver)", { kind: "restore", file: archive, ...cloud }));
  results.push(await run("backup, PostgreSQL + S3 (s3rver)", { kind: "backup", file: path.join(root, "cloud.tar.gz"), ...cloud }));
} finally {
  await postgres.destroy();
  await s3.server.stop();
}

const loadAfter = os.loadavg();
const cpu = os.cpus();
console.log(
  `\n${photos} photos, ${results[0]!.files} files, archive ${formatBytes(results[0]!.archiveBytes)}. ${cpu.length} × ${cpu[0]?.model ?? "CPU"}, ` +
    `${formatBytes(os.totalmem())} memory, Node ${process.version}.`,
);
console.log(`Load average (1, 5, 15 min): ${loadBefore.map((l) => l.toFixed(1)).join(", ")} before; ${loadAfter.map((l) => l.toFixed(1)).join(", ")} after.\n`);
console.log("| step | time | CPU time | peak memory | MB/s |");
console.log("|---|---|---|---|---|");
for (const r of results) {
  console.log(
    `| ${r.label} | ${(r.ms / 1000).toFixed(1)} s | ${(r.cpuMs / 1000).toFixed(1)} s | ${formatBytes(r.peakBytes)} | ${(r.archiveBytes / 1024 / 1024 / (r.ms / 1000)).toFixed(0)} |`,
  );
}
await rm(root, { recursive: true, force: true });
