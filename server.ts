// Starts the site: `node server.ts` serves the production build, `node server.ts --dev` runs Vite with hot reload.
// Node 24 runs this file directly (type stripping), so it uses only erasable TypeScript.
import { existsSync } from "node:fs";
import type http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

import type * as AppServer from "./app/server/http/app.server.ts";

type AppModule = typeof AppServer;

const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(`This site needs Node.js 24 or newer; this is ${process.version}. Start it with "npm start" or "npm run serve", which use the Node 24 that npm ci installed (node_modules/.bin/node); see docs/development.md#node-24.`);
  process.exit(1);
}

const dev = process.argv.includes("--dev");
if (dev) process.env.NODE_ENV ??= "development";
const buildFile = path.resolve("build/server/index.js");
const clientDir = path.resolve("build/client");

// Memory for a small server (docs: "Memory"): V8's young generation capped at 2 MB per half (its default grows to
// 16 MB, about 50 MB resident under load, for a few more garbage collections of well under a millisecond each), its
// old generation at 160 MB (the site's live objects take about 40 MB; without a cap V8 lets garbage pile up to
// 200 MB and more under load before collecting it, since the machine seems to have room), and at most two malloc
// arenas (each thread that compresses or decodes otherwise keeps one of its own), and a fixed malloc trim threshold
// (glibc otherwise raises it after each large free, and keeps tens of MB that photo processing freed; with it, the
// peak of a 12 MP upload fell from 252 to 237 MB: docs/decisions/018). All four are read
// only as a process starts, so the production server starts again, in place (same process id), with them, running
// the built JavaScript directly: a process that loads no .ts file never loads Node's TypeScript stripper (about
// 12 MB resident). SERVER_MEMORY_SETTINGS=off runs this file with Node's defaults instead.
const MEMORY_FLAGS = ["--max-semi-space-size=2", "--max-old-space-size=160"];
if (!dev && process.env.SERVER_MEMORY_SETTINGS === undefined && typeof process.execve === "function" && existsSync(buildFile)) {
  const start = `(await import(${JSON.stringify(pathToFileURL(buildFile).href)})).serveProduction(${JSON.stringify(clientDir)});`;
  process.execve(process.execPath, [process.execPath, ...MEMORY_FLAGS, ...process.execArgv, "--input-type=module", "--eval", start], {
    ...process.env,
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
    MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? "131072",
    SERVER_MEMORY_SETTINGS: "applied",
  });
}

if (dev) {
  try {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    const module = (await viteServer.ssrLoadModule("/app/server/http/app.server.ts")) as AppModule;
    const app = await module.createApp({
      dev: true,
      build: () => viteServer.ssrLoadModule("virtual:react-router/server-build") as never,
    });
    const listener: http.RequestListener = (req, res) => viteServer.middlewares(req, res, () => app.handler(req, res));
    module.listenAndServe(app, listener, { dev: true, onClose: () => viteServer.close() });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Cannot start the site.\n${message}`);
    process.exit(1);
  }
} else {
  const module = (await import(buildFile).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ERR_MODULE_NOT_FOUND" && error.message.includes(buildFile)) {
      console.error("Cannot start the site.\nNo production build found. Run `npm run build` first, or `npm start`, which builds and serves.");
      process.exit(1);
    }
    throw error;
  })) as AppModule;
  await module.serveProduction(clientDir);
}
