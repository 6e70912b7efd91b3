// npm run backup [-- --out FILE] [--env-file FILE]
// Writes the whole site (database rows, stored files, images still being processed) into one .tar.gz: by
// default a new file in DATA_DIR/backups. Reads the same environment as the server, or the file --env-file
// names (the service's settings, as docs/deploy.md shows). Safe while the site runs.
import { parseArgs } from "node:util";
import { formatBytes } from "~/lib/format";
import { createProgress } from "./support/progress.ts";
import { commandArgs, loadSettings } from "./support/settings-file.ts";

const { values } = parseArgs({
  args: commandArgs(),
  options: { out: { type: "string" }, "env-file": { type: "string" }, help: { type: "boolean", short: "h" } },
});
if (values.help) {
  console.log(
    "Usage: npm run backup [-- --out FILE] [--env-file FILE]\n" +
      "Writes a backup archive (default: a new file in DATA_DIR/backups). --env-file reads the settings from a file\n" +
      "of VARIABLE=value lines first, such as the service's /etc/tradesite/site.env; without it, .env in this folder when there is one.",
  );
  process.exit(0);
}
loadSettings(values["env-file"], "backup");

// Imported after the settings are loaded: the modules read the environment when first used.
const { getBackupSource } = await import("~/server/backup/backup-source.server");
const { backupToFile } = await import("~/server/backup/backup-runs.server");

try {
  const source = await getBackupSource();
  const progress = createProgress("Backing up");
  console.log("Backing up the database...");
  const { file, size, result } = await backupToFile(source, {
    file: values.out,
    trigger: "command",
    onProgress: (p) => p.phase === "files" && progress.update(p.done, p.total, p.bytes),
  });
  progress.stop();
  const { tables, rows, files, jobs } = result.counts;
  if (result.missing.length > 0) console.log(`${result.missing.length} file(s) were deleted while the backup ran and are not in it.`);
  console.log(`Backup written: ${file}`);
  console.log(`Size: ${formatBytes(size)} (${size} bytes). ${tables} tables, ${rows} rows, ${files} stored files, ${jobs} images still being processed.`);
  process.exit(0);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
