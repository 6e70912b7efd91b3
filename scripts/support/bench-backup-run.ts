// One step of the backup benchmark in a fresh process, so its time and peak memory are its own. Started by
// scripts/bench-backup.ts with the step and its settings as JSON; prints one line of JSON.
import { writeBackup } from "~/server/backup/create-backup.server";
import { restoreBackup } from "~/server/backup/restore-backup.server";
import { createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createDb } from "~/server/db/client.server";
import type { Env } from "~/server/env.server";
import { createStorage } from "~/server/storage/storage.server";

type Step = {
  kind: "backup" | "restore";
  file: string;
  database: Env["database"];
  storage: Env["storage"];
  dataDir: string;
  jobDirectory: string;
};

const step = JSON.parse(process.argv[2] ?? "") as Step;
const storage = await createStorage(step.storage);
const started = performance.now();
const cpuBefore = process.cpuUsage();
let files = 0;
if (step.kind === "backup") {
  const result = await writeBackup({ database: step.database, storage, storageKind: step.storage.kind, dataDir: step.dataDir }, createWriteStream(step.file));
  files = result.counts.files + result.counts.jobs;
} else {
  const db = createDb(step.database);
  const result = await restoreBackup(step.file, { db, storage, jobDirectory: step.jobDirectory });
  files = result.counts.files + result.counts.jobs;
  await db.destroy();
}
const cpu = process.cpuUsage(cpuBefore);
console.log(
  JSON.stringify({
    ms: performance.now() - started,
    cpuMs: (cpu.user + cpu.system) / 1000,
    peakBytes: process.resourceUsage().maxRSS * 1024,
    archiveBytes: (await stat(step.file)).size,
    files,
  }),
);
