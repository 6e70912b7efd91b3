// Starts the production server for Playwright on a fresh data folder, so every run begins with an empty site.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? "tmp/e2e-data");
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const child = spawn(process.execPath, ["server.ts"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${process.env.PORT}`, HOST: "127.0.0.1", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
});
const stop = () => child.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => process.exit(code ?? 0));
