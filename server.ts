// Starts the site: `node server.ts` serves the production build, `node server.ts --dev` runs Vite with hot reload.
// Node 24 runs this file directly (type stripping), so it uses only erasable TypeScript.
import http from "node:http";
import path from "node:path";

import type * as AppServer from "./app/server/http/app.server.ts";

type AppModule = typeof AppServer;

const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(`This site needs Node.js 24 or newer; this is ${process.version}. Start it with "npm start" or "npm run serve", which use the Node 24 that npm ci installed (node_modules/.bin/node); see docs/development.md#node-24.`);
  process.exit(1);
}

const dev = process.argv.includes("--dev");
if (dev) process.env.NODE_ENV ??= "development";

try {
  let listener: http.RequestListener;
  let app: Awaited<ReturnType<AppModule["createApp"]>>;
  let onClose = async () => {};

  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    const module = (await viteServer.ssrLoadModule("/app/server/http/app.server.ts")) as AppModule;
    app = await module.createApp({
      dev: true,
      build: () => viteServer.ssrLoadModule("virtual:react-router/server-build") as never,
    });
    listener = (req, res) => viteServer.middlewares(req, res, () => app.handler(req, res));
    onClose = () => viteServer.close();
  } else {
    const buildFile = path.resolve("build/server/index.js");
    const module = (await import(buildFile).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ERR_MODULE_NOT_FOUND" && error.message.includes(buildFile)) {
        throw new Error("No production build found. Run `npm run build` first, or `npm start`, which builds and serves.");
      }
      throw error;
    })) as AppModule;
    app = await module.createApp({ clientDir: path.resolve("build/client") });
    listener = app.handler;
  }

  const server = http.createServer(listener);
  const { port, host, publicUrl } = app.listen;
  server.listen(port, host, () => {
    console.log(`Site listening on http://${host}:${port} (public address ${publicUrl})${dev ? ", development mode" : ""}`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing open requests, then stopping.`);
    server.close(async () => {
      await onClose();
      await app.close();
      process.exit(0);
    });
    server.closeIdleConnections();
    // Requests still open after 10 s are cut off rather than holding the shutdown forever.
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, 10_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Cannot start the site.\n${message}`);
  process.exit(1);
}
