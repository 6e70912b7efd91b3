declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}

/** Set by vite.config.ts at build time; absent when modules run outside Vite (the tests). */
declare const __BUILD_INFO__: { version: string; commit: string | null; builtAt: string } | undefined;
