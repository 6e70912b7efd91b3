import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { randomBytes } from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { getBackupSource } from "../backup/backup-source.server";
import { startBackupSchedule } from "../backup/backup-schedule.server";
import { closeDb, getDb } from "../db/client.server";
import { requireAdmin } from "../auth/guards.server";
import { migrateToLatest } from "../db/migrate.server";
import { getEnv } from "../env.server";
import { startEnquiryJobs, stopEnquiryJobs } from "../enquiries/enquiry-jobs.server";
import { startImageJobs, stopImageJobs } from "../images/background-jobs.server";
import { logger } from "../logger.server";
import { startFreshnessPoll } from "../pages/page-freshness.server";
import { startServerHeartbeat } from "../server-heartbeat.server";
import { getSeedConfig } from "../site-config.server";
import { startSiteContent } from "../content/site-content.server";
import { createTrafficRecorder } from "../traffic/page-views.server";
import { createRoutePatterns } from "../traffic/route-pattern.server";
import { getUploadDirectory } from "../uploads/completed-uploads.server";
import { UPLOADS_PATH, createUploadHandler } from "../uploads/upload-handler.server";
import { bodyLimit } from "./body-limit.server";
import { listenAndServe } from "./serve.server";
import { clientAddress, getTrustProxy } from "./client-address.server";
import { CLIENT_IP_HEADER, originCheck } from "./origin-check.server";
import { createPageStore } from "./page-cache.server";
import { createPageHandler } from "./page-handler.server";
import { redactUrl } from "./redact-url.server";
import { responseCookies } from "./response-cookies.server";
import { fileHeaders, pageHeaders } from "./security-headers.server";
import { clientIpContext, nonceContext, visitStateContext } from "./request-context.server";

/** Gallery photos, /media/{imageId}/{variant}, and avatars, /avatars/{file} (routes/resources/image.ts and avatar.ts). */
const IMAGE_FILE_PATH = /^\/(?:media\/[^/]+\/[^/]+|avatars\/[^/]+)$/;

export type AppOptions = {
  /** Development passes Vite's live build; production imports the bundled one. */
  build?: () => Promise<ServerBuild>;
  /** Folder of the client build (hashed assets under assets/); omitted in development, where Vite serves them. */
  clientDir?: string;
  dev?: boolean;
};

export type App = {
  handler: express.Express;
  listen: { port: number; host: string; publicUrl: string };
  close: () => Promise<void>;
};

/**
 * The whole site as one Express app: security headers, compression, request logs, static files
 * and the React Router request handler. Configuration and migrations run before it accepts requests.
 */
export async function createApp(options: AppOptions = {}): Promise<App> {
  const env = getEnv();
  getSeedConfig();
  const applied = await migrateToLatest(getDb());
  if (applied.length > 0) logger.info({ migrations: applied }, "database migrated");
  // Tells `npm run restore` that this database is being served.
  const heartbeat = await startServerHeartbeat(getDb());
  await startSiteContent(getDb());
  // Before listening, so images left unfinished by the last run are queued ahead of any new upload.
  await startImageJobs();
  const backups = env.backup.schedule ? startBackupSchedule(env.backup.schedule, env.backup.keep, getBackupSource) : null;
  await startEnquiryJobs();

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", getTrustProxy(env));

  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => req.url === "/healthz" || (req.url ?? "").startsWith("/assets/") },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
      serializers: {
        // Verification and reset links carry one-time tokens: they never reach the log.
        req: (req) => ({ method: req.method, url: redactUrl(req.url ?? ""), ip: req.remoteAddress }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  // Brotli quality 5 rather than the package's 4: on a 120 KB gallery page 15 KB instead of 17 KB, for the same
  // 1.3 ms (kept pages are compressed once, at 11, in page-cache.server).
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } }));

  // Page views for the dashboard, counted on every response that passes, kept pages included, under their routes'
  // patterns (read once from the build: in development, a route added later counts after a restart).
  const loadBuild = options.build ?? (() => import("virtual:react-router/server-build") as Promise<ServerBuild>);
  const traffic = createTrafficRecorder(getDb(), {
    ownHosts: [new URL(env.publicUrl).hostname.toLowerCase()],
    patternOf: createRoutePatterns((await loadBuild()).routes),
  });
  // Pages for visitors without a session are kept rendered (see page-handler.server); not in development, where
  // the code changes under them.
  // Also in development: the poll writes the visits counted in memory (visit-counter.server).
  const stopFreshnessPoll = await startFreshnessPoll(getDb());
  const pages = createPageHandler({
    build: loadBuild,
    mode: options.dev ? "development" : "production",
    store: options.dev ? null : createPageStore(),
    getLoadContext: (req, res) => {
      const context = new RouterContextProvider();
      context.set(clientIpContext, String(req.headers[CLIENT_IP_HEADER]));
      context.set(nonceContext, res.locals.nonce as string);
      context.set(visitStateContext, { counted: false, shownNumber: null });
      return context;
    },
  });

  if (options.clientDir) {
    // Scripts, styles and images are files, not documents (see security-headers.server).
    app.use(fileHeaders);
    // Hashed file names change with their content, so they can be cached for a year.
    // The build writes .br and .gz copies beside each file; the smallest one the browser accepts is sent as it is.
    const precompressed = (dir: string, serveStatic: expressStaticGzip.ExpressStaticGzipOptions["serveStatic"]) =>
      expressStaticGzip(dir, { enableBrotli: true, orderPreference: ["br", "gzip"], index: false, serveStatic });
    app.use(
      "/assets",
      // Never revalidated (immutable, and a new build has new names), so no ETag, Last-Modified or Accept-Ranges: each
      // is bytes on every script response and counts against the public pages' script budget (bench:pages).
      precompressed(path.join(options.clientDir, "assets"), {
        immutable: true,
        maxAge: "1y",
        fallthrough: false,
        etag: false,
        lastModified: false,
        acceptRanges: false,
      }),
    );
    app.use(traffic.middleware, pages.front);
    app.use(precompressed(options.clientDir, { maxAge: "1h", index: false }));
  } else {
    app.use(traffic.middleware, pages.front);
  }

  app.use((_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    next();
  });
  const documentHeaders = pageHeaders(env, { dev: options.dev });
  // Stored photos and avatars are files too, like the scripts above.
  app.use((req, res, next) => {
    if ((req.method === "GET" || req.method === "HEAD") && IMAGE_FILE_PATH.test(req.path)) fileHeaders(req, res, next);
    else documentHeaders(req, res, next);
  });

  app.use(originCheck(env.publicUrl));
  // The one client address header the app trusts: set here from Express's resolution, never taken from the client.
  app.use(clientAddress());
  app.use(responseCookies());

  // Resumable image uploads, for admins only (401 for visitors, 403 for members), behind the cross-site check.
  app.use(
    UPLOADS_PATH,
    createUploadHandler({ directory: getUploadDirectory(), authorize: requireAdmin, allowedOrigins: [new URL(env.publicUrl).origin] }),
  );

  // After the tus endpoint, which has its own limit: every other body is capped as it arrives.
  app.use(bodyLimit());

  app.all("/{*splat}", pages.handler);

  app.use((error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    const status = (error as { status?: number }).status ?? 500;
    if (status === 404 && !res.headersSent) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    next(error);
  });

  return {
    handler: app,
    listen: { port: env.port, host: env.host, publicUrl: env.publicUrl },
    close: async () => {
      await stopFreshnessPoll();
      await backups?.stop();
      await stopImageJobs();
      await stopEnquiryJobs();
      await traffic.stop();
      await heartbeat.stop();
      await closeDb();
    },
  };
}

// What server.ts starts (kept in the bundle, so a production process runs no TypeScript of its own).
export { listenAndServe };

/** The production server: the app over the client build in `clientDir`. What `node server.ts` runs in production. */
export async function serveProduction(clientDir: string): Promise<void> {
  try {
    const app = await createApp({ clientDir });
    listenAndServe(app, app.handler);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Cannot start the site.\n${message}`);
    process.exit(1);
  }
}

