import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The SSR build's entry is our own HTTP module (Express app + React Router handler), so the
// production server and the pages share one module graph: one database pool, one storage client.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  environments: {
    ssr: { build: { rollupOptions: { input: "./app/server/http/app.server.ts" } } },
  },
  plugins: [reactRouter()],
});
