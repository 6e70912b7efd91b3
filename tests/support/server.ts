import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export type RunningServer = {
  baseURL: string;
  dataDir: string;
  pid: number;
  /** What the server printed on stdout so far (its JSON log lines), when started with captureLog. */
  log(): string;
  stop(): Promise<void>;
  /** Ends the process at once, the way a power cut or an out-of-memory kill would (kill -9). */
  kill(): Promise<void>;
};

/** A second production server on its own port and empty data folder, for tests that need a fresh site. */
export async function startIsolatedServer(
  port: number,
  env: Record<string, string> = {},
  options: { dataDir?: string; keepData?: boolean; captureLog?: boolean } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "e2e-site-"));
  const child: ChildProcess = spawn(process.execPath, ["server.ts"], {
    stdio: ["ignore", options.captureLog ? "pipe" : "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "warn", ...env },
  });
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not start within 30 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill(signal);
      await exited;
    }
    if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    baseURL,
    dataDir,
    pid: child.pid!,
    log: () => output,
    stop: () => end("SIGTERM"),
    kill: () => end("SIGKILL"),
  };
}
