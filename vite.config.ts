import { reactRouter } from "@react-router/dev/vite";
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { type Plugin, defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { purgeBootstrap } from "./scripts/purge-bootstrap.ts";

/**
 * React Router writes its route manifest (build/client/assets/manifest-*.js, on every page) during the server build,
 * after the compression plugin below has run over the browser's files: without this it was compressed on each
 * request, at a lower quality (2,280 bytes against 2,113).
 */
function compressRouteManifest(): Plugin {
  return {
    name: "compress-route-manifest",
    apply: "build",
    writeBundle() {
      if (this.environment.name !== "ssr") return;
      const dir = "build/client/assets";
      for (const file of readdirSync(dir).filter((name) => /^manifest-[\w-]+\.js$/.test(name))) {
        const source = readFileSync(join(dir, file));
        writeFileSync(join(dir, `${file}.br`), brotliCompressSync(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(join(dir, `${file}.gz`), gzipSync(source, { level: 9 }));
      }
    },
  };
}

/** What /healthz reports as the build: the package version and the commit it was built from (none outside git). */
function buildInfo() {
  const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
  let commit: string | null = null;
  try {
    commit = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { stdio: ["ignore", "pipe", "ignore"] }).toString().trim();
  } catch {
    // A copy without .git (an unpacked release) reports the version alone.
  }
  return { version, commit, builtAt: new Date().toISOString() };
}

// The SSR build's entry is our own HTTP module (Express app + React Router handler), so the
// production server and the pages share one module graph: one database pool, one storage client.
export default defineConfig({
  define: { __BUILD_INFO__: JSON.stringify(buildInfo()) },
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  css: {
    postcss: { plugins: [purgeBootstrap()] },
    preprocessorOptions: {
      // Bootstrap 5.3's Sass sources still use @import and global functions; both work in Dart Sass 1.x.
      scss: { quietDeps: true, silenceDeprecations: ["import", "global-builtin", "color-functions", "if-function"] },
    },
  },
  environments: {
    client: {
      build: {
        rollupOptions: {
          // Added to React Router's own entries: only the server links the site's whole stylesheet, so without
          // this entry the client build would not write it (see app/styles/site-stylesheet-href.ts).
          input: ["./app/styles/site-stylesheet-href.ts"],
          output: {
            // Fewer, larger chunks: every file costs a request and its headers, and the framework and the layout
            // are needed on every page anyway (bench:pages checks the JavaScript budget). react-bootstrap is only
            // on the account and admin pages: the public pages' menus, accordions and dialogs are native HTML.
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ },
                {
                  name: "ui",
                  test: /node_modules[\\/](react-bootstrap|@restart|@react-aria|react-aria|@popperjs|dom-helpers|react-transition-group|react-lifecycles-compat|uncontrollable|classnames|warning|invariant|prop-types|@babel[\\/]runtime|@swc[\\/]helpers)[\\/]/,
                },
                // The layout every page shows (header, footer, modal) and the small helpers several public pages
                // share, as one file rather than one request each: image-not-found (a constant the gallery shares
                // with the admin page) and enquiry-form (the quote form's limits, shared with its lazily loaded
                // checks) would otherwise be files of 100 to 300 bytes, each with about 330 bytes of response headers.
                // service-options (the quote form's and the admin's service choices) and accreditations (home and contact)
                // join them for the same reason. So does the root route's own code: its file is then a line of exports
                // (89 bytes) rather than 1.1 KB, and the root's code compresses better beside the layout's.
                {
                  name: "public",
                  test: /[\\/]app[\\/](root|lib[\\/](seo|page-handle|photo|format|structured-data|image-not-found|enquiry-form)|components[\\/](layout[\\/][\w-]+|modal[\\/]modal-host|nonce|site-styles|forms[\\/]service-options|public[\\/](photo-view|toggle-photo|paragraphs|accreditations)|use-hydrated))\.tsx?$/,
                },
                // A review's quote and the reviews' own constants go together wherever a review shows (home, services,
                // a project): two files of about 400 bytes each were a request apiece.
                { name: "review-quote", test: /[\\/]app[\\/](lib[\\/]reviews|components[\\/]reviews[\\/]review-quote)\.tsx?$/ },
              ],
            },
          },
        },
      },
    },
    ssr: { build: { rollupOptions: { input: "./app/server/http/app.server.ts" } } },
  },
  plugins: [
    reactRouter(),
    // Brotli (quality 11) and gzip copies of the browser's files, made once at build time and served by
    // express-static-gzip; on-the-fly compression would use a much lower quality to keep up.
    // (It also leaves copies of the server bundle, which nothing reads.)
    compression({
      include: /\.(js|css|svg|json|txt|xml|webmanifest)$/,
      threshold: 512,
      algorithms: ["brotliCompress", "gzip"],
      logLevel: "silent",
    }),
    compressRouteManifest(),
  ],
});
