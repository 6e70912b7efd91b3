import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript } from "../support/site-data";

// docs/deploy.md keeps the settings in /etc/tradesite/site.env, root:tradesite 640, and runs the backup and restore
// commands as the site's user with --env-file. Here "nobody" stands in for that user (only root can switch).
const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;

describe("the settings file of the backup and restore commands", () => {
  let work: string;
  let settings: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "settings-file-"));
    const dataDir = path.join(work, "data");
    await mkdir(dataDir);
    settings = path.join(work, "site.env");
    await writeFile(settings, `DATA_DIR=${dataDir}\nMAIL_FROM="Site <no-reply@example.test>"\n`);
    if (isRoot) {
      await chmod(work, 0o755);
      await chown(dataDir, NOBODY, NOBODY);
    }
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it("a file that is not there is named as missing, and nothing is done", async () => {
    const result = await runScript("backup", ["--env-file", path.join(work, "nowhere.env")], {});
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Cannot find the settings file ${path.join(work, "nowhere.env")}. Nothing was done.`);
  });

  it.skipIf(!isRoot)("root:tradesite 640 lets the site's user read it; 600 is refused with what to do", async () => {
    await chown(settings, 0, NOBODY);
    await chmod(settings, 0o600);
    for (const script of ["backup", "restore"] as const) {
      const refused = await runScript(script, script === "backup" ? ["--env-file", settings] : ["some-backup.tar.gz", "--env-file", settings], {}, { uid: NOBODY, gid: NOBODY });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`Cannot read the settings file ${settings} as this user (EACCES)`);
      expect(refused.stderr).toContain(`sudo -u tradesite npm run ${script} -- ... --env-file ${settings}`);
    }

    await chmod(settings, 0o640);
    // Readable now: the command gets as far as the site's data, an empty folder with nothing to back up yet.
    const read = await runScript("backup", ["--env-file", settings], {}, { uid: NOBODY, gid: NOBODY });
    expect(read.stderr).not.toContain("Cannot read the settings file");
    expect(read.stderr).toContain("Backup failed");
  });
});
