import { accessSync, constants, existsSync } from "node:fs";

/**
 * The command's own arguments. The npm scripts end with `--` so that Node stops looking for its own options there:
 * Node reads an `--env-file` anywhere in its arguments, even after the script's name, and stops at once with a bare
 * "not found" when it cannot read the file (nodejs/node#54232; `--` ends that search).
 */
export function commandArgs(): string[] {
  const args = process.argv.slice(2);
  return args[0] === "--" ? args.slice(1) : args;
}

/**
 * Loads the settings file named by --env-file before anything reads the environment. Node's own loader says only
 * "not found" for a file this user may not read, which sends an owner looking in the wrong place: this says which
 * of the two it is, and how the deploy notes set the file up.
 */
export function loadSettingsFile(file: string, command: "backup" | "restore"): void {
  try {
    accessSync(file, constants.R_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === "ENOENT"
        ? `Cannot find the settings file ${file}. Nothing was done.`
        : `Cannot read the settings file ${file} as this user (${code}). Nothing was done. On a server set up as ` +
            `docs/deploy.md shows, the file is owned by root, group tradesite, mode 640, and the command runs as the ` +
            `site's user: sudo -u tradesite npm run ${command} -- ... --env-file ${file}`,
    );
    process.exit(1);
  }
  process.loadEnvFile(file);
}

/**
 * The settings a command runs with: the file --env-file names, or else `.env` in the working folder when there is
 * one (as `npm start`, `serve` and `dev` read it). Either way a variable already in the environment wins.
 */
export function loadSettings(file: string | undefined, command: "backup" | "restore"): void {
  if (file) loadSettingsFile(file, command);
  else if (existsSync(".env")) process.loadEnvFile(".env");
}
