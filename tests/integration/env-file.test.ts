import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildMissingReason } from "../setup/build";
import { testPorts } from "../support/ports";

// A newcomer copies .env.example to .env and runs the npm scripts: npm run serve (what npm start ends with) and the
// backup command must read it, and a variable set in the real environment must still win over the file. Each
// run happens in a folder of its own that links to this checkout, so the .env written here is nobody else's.
const skipReason = buildMissingReason();
const [filePort, envPort] = testPorts("integration/env-file") as [number, number];
const LINKED = ["app", "build", "config", "node_modules", "public", "scripts", "package.json", "server.ts"];

let project: string;
let fileDataDir: string;
const running: ChildProcess[] = [];

beforeAll(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), "env-file-"));
  for (const entry of LINKED) {
    if (existsSync(entry)) await symlink(path.resolve(entry), path.join(project, entry));
  }
  fileDataDir = path.join(project, "data-from-file");
  await writeFile(path.join(project, ".env"), `# as copied from .env.example\nPORT=${filePort}\nHOST=127.0.0.1\nDATA_DIR=${fileDataDir}\nLOG_LEVEL=warn\n`);
});
afterEach(async () => {
  for (const child of running.splice(0)) await stop(child);
});
afterAll(() => rm(project, { recursive: true, force: true }));

/** Runs `npm run SCRIPT` in the linked project, with this environment minus the site's own variables. */
function npmRun(script: string, args: string[], env: Record<string, string>): ChildProcess {
  const base = { ...process.env };
  for (const name of ["PORT", "HOST", "DATA_DIR", "DATABASE_URL", "STORAGE_URL", "SMTP_URL", "LOG_LEVEL", "PUBLIC_URL"]) delete base[name];
  // detached: npm, its shell and node form one process group, stopped together.
  return spawn("npm", ["run", "--silent", script, ...(args.length ? ["--", ...args] : [])], {
    cwd: project,
    env: { ...base, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
}

function output(child: ChildProcess): Promise<{ code: number; text: string }> {
  let text = "";
  child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (text += chunk.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code: code ?? 1, text })));
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const closed = new Promise((resolve) => child.once("close", resolve));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
}

async function healthz(port: number): Promise<number | undefined> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(30_000) })).status;
  } catch {
    return undefined;
  }
}

/** Waits for the server started by `child` to say it listens, and returns the port it named. */
async function listeningPort(child: ChildProcess): Promise<number> {
  let seen = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "Site listening" line within 60 s:\n${seen}`)), 60_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /Site listening on http:\/\/\S+:(\d+) /.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("close", () => reject(new Error(`the server stopped before it listened:\n${seen}`)));
  });
}

describe.skipIf(skipReason)(".env is read by the npm scripts, and the environment wins over it", () => {
  it("npm run serve listens where .env says, and puts its data in .env's DATA_DIR", async () => {
    const server = npmRun("serve", [], {});
    running.push(server);
    expect(await listeningPort(server)).toBe(filePort);
    expect(await healthz(filePort)).toBe(200);
    expect(existsSync(path.join(fileDataDir, "site.db"))).toBe(true);
  });

  it("a PORT set in the environment wins over the one in .env", async () => {
    const server = npmRun("serve", [], { PORT: String(envPort) });
    running.push(server);
    expect(await listeningPort(server)).toBe(envPort);
    expect(await healthz(envPort)).toBe(200);
    expect(await healthz(filePort)).toBeUndefined();
  });

  it("npm run backup reads .env's DATA_DIR, unless the environment or --env-file names another", async () => {
    // The first test left a site in .env's DATA_DIR: the backup finds it there, and writes into its backups/.
    const fromFile = await output(npmRun("backup", [], {}));
    expect(fromFile.text).toContain(`Backup written: ${path.join(fileDataDir, "backups")}${path.sep}`);
    expect(fromFile.code).toBe(0);

    // DATA_DIR in the environment: an empty folder, which has no site to back up.
    const empty = path.join(project, "empty-data");
    await mkdir(empty);
    const fromEnv = await output(npmRun("backup", ["--out", path.join(project, "from-env.tar.gz")], { DATA_DIR: empty }));
    expect(fromEnv.code).toBe(1);
    expect(fromEnv.text).toContain("Backup failed");
    expect(existsSync(path.join(project, "from-env.tar.gz"))).toBe(false);

    // --env-file names the settings instead of .env (the service's file, as docs/deploy.md shows).
    const named = path.join(project, "site.env");
    await writeFile(named, `DATA_DIR=${empty}\n`);
    const fromNamed = await output(npmRun("backup", ["--out", path.join(project, "from-named.tar.gz"), "--env-file", named], {}));
    expect(fromNamed.code).toBe(1);
    expect(fromNamed.text).toContain("Backup failed");
  });
});
