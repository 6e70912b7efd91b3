// Lets plain `node` run the app's TypeScript modules the way Vite resolves them: "~/x" is app/x, and
// extensionless relative imports find their .ts file. Load with: node --import ./scripts/support/resolve-app-imports.ts
import { existsSync } from "node:fs";
import { registerHooks } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const appDir = pathToFileURL(`${process.cwd()}/app/`).href;

registerHooks({
  resolve(specifier, context, nextResolve) {
    const mapped = specifier.startsWith("~/") ? new URL(specifier.slice(2), appDir).href : specifier;
    const isFile = mapped.startsWith(".") || mapped.startsWith("file:");
    if (isFile && !/\.(?:[cm]?[jt]sx?|json)$/.test(mapped)) {
      const url = new URL(mapped, context.parentURL);
      for (const extension of [".ts", ".tsx"]) {
        if (existsSync(fileURLToPath(url) + extension)) return nextResolve(url.href + extension, context);
      }
    }
    return nextResolve(mapped, context);
  },
});
