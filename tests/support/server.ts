import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
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

/** Whether anything accepts a connection on 127.0.0.1:port. */
export function isPortAnswering(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.setTimeout(2_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * A second production server on its own port and empty data folder, for tests that need a fresh site. A port that
 * already answers is refused before anything starts (another test file's server, or a run left behind), and the
 * server counts as started only once it has said it listens, so a test never talks to someone else's server.
 */
export async function startIsolatedServer(
  port: number,
  env: Record<string, string> = {},
  options: { dataDir?: string; keepData?: boolean; captureLog?: boolean } = {},
): Promise<RunningServer> {
  if (await isPortAnswering(port)) {
    throw new Error(`port ${port} already answers: another test's server, or one left running? Each file has its own ports (tests/support/ports.ts).`);
  }
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "e2e-site-"));
  const child: ChildProcess = spawn(process.execPath, ["server.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "warn", ...env },
  });
  let output = "";
  // server.ts prints this line once its own socket is bound; until then a /healthz answer could be another's.
  const listeningLine = new RegExp(`Site listening on http://\\S+:${port} `);
  let listening = false;
  let seen = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    if (options.captureLog) output += chunk;
    if (!listening) {
      seen += chunk;
      listening = listeningLine.test(seen);
    }
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (listening) {
      try {
        if ((await fetch(`${baseURL}/healthz`)).ok) break;
      } catch {
        // not answering yet
      }
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("server did not start within 30 s");
    }
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
