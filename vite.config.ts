import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The SSR build's entry is our own HTTP module (Express app + React Router handler), so the
// production server and the pages share one module graph: one database pool, one storage client.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3's Sass sources still use @import and global functions; both work in Dart Sass 1.x.
      scss: { quietDeps: true, silenceDeprecations: ["import", "global-builtin", "color-functions", "if-function"] },
    },
  },
  environments: {
    ssr: { build: { rollupOptions: { input: "./app/server/http/app.server.ts" } } },
  },
  plugins: [reactRouter()],
});
