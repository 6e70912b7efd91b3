import { existsSync } from "node:fs";

/**
 * Why the tests that run the production build as a real server cannot run, or undefined when
 * build/server/index.js is there. Under CI (CI=true, or REQUIRE_BUILD=1 as .ci/run sets) a missing build is a
 * failure instead of a skip, as a missing PostgreSQL is with REQUIRE_PG=1.
 */
export function buildMissingReason(): string | undefined {
  if (existsSync("build/server/index.js")) return undefined;
  if (process.env.REQUIRE_BUILD === "1" || process.env.CI === "true" || process.env.CI === "1") {
    throw new Error("build/server/index.js is missing, and CI or REQUIRE_BUILD=1 needs the tests that run it: run `npm run build` first");
  }
  return "run `npm run build` first";
}
