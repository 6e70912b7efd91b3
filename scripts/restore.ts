// npm run restore -- FILE [--force] [--env-file FILE]
// Puts a backup made by `npm run backup` into the database, storage and DATA_DIR that the environment (or the
// --env-file) names, whichever kinds they are (SQLite and a folder, or PostgreSQL and S3). Stop the site first.
import { parseArgs } from "node:util";
import { formatBytes } from "~/lib/format";
import { createProgress } from "./support/progress.ts";
import { commandArgs, loadSettings } from "./support/settings-file.ts";

const { values, positionals } = parseArgs({
  args: commandArgs(),
  allowPositionals: true,
  options: { force: { type: "boolean", default: false }, "env-file": { type: "string" }, help: { type: "boolean", short: "h" } },
});
if (values.help || positionals.length !== 1) {
  console.log(
    "Usage: npm run restore -- FILE [--force] [--env-file FILE]\n" +
      "Restores a backup into the database and storage this environment names. They must be empty (a new site);\n" +
      "--force replaces what they hold, after writing a backup of it into DATA_DIR/backups. Only the site's own\n" +
      "tables and storage folders are touched. --env-file reads the settings from a file of VARIABLE=value lines\n" +
      "first, such as the service's /etc/tradesite/site.env; without it, .env in this folder when there is one. Stop\n" +
      "the site before restoring: the restore refuses while a server is serving this database.",
  );
  process.exit(values.help ? 0 : 2);
}
const file = positionals[0] as string;
loadSettings(values["env-file"], "restore");
// Imported after the settings are loaded: the modules read the environment when first used.
const { openRestoreTarget } = await import("~/server/backup/backup-source.server");
const { DamagedBackupError, RestoreRefusedError, restoreBackup } = await import("~/server/backup/restore-backup.server");

const target = await openRestoreTarget();
const progress = createProgress("Restoring files");
let savedTo: string | null = null;
try {
  console.log(`Checking ${file}...`);
  const { counts, migrated } = await restoreBackup(file, target, {
    force: values.force,
    onProgress: (p) => {
      if (p.phase === "saved") {
        savedTo = p.file;
        console.log(`What the target held is saved first, as a backup: ${p.file}`);
      }
      if (p.phase === "checked") console.log("Every checksum matches and the rows load into a scratch database. Restoring...");
      if (p.phase === "files") progress.update(p.done, p.total, p.bytes);
    },
  });
  progress.stop();
  console.log(`Restored ${counts.tables} tables (${counts.rows} rows), ${counts.files} stored files and ${counts.jobs} images still being processed (${formatBytes(counts.bytes)}).`);
  if (migrated.length > 0) console.log(`Brought the schema up to date: ${migrated.join(", ")}.`);
  console.log("Sign-in sessions are not restored: everyone signs in again. Start the site now.");
  process.exitCode = 0;
} catch (error) {
  progress.stop();
  if (error instanceof DamagedBackupError || error instanceof RestoreRefusedError) {
    console.error(`Nothing was restored. ${error.message}`);
  } else {
    console.error(
      `Restore failed: ${(error as Error).message}\nThe target may be half restored; fix the cause and run again with --force.` +
        (savedTo ? `\nWhat it held before is in ${savedTo} (restore that with --force to go back).` : ""),
    );
  }
  process.exitCode = 1;
} finally {
  await target.db.destroy();
}
