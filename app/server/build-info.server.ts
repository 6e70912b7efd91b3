export type BuildInfo = { version: string; commit: string | null; builtAt: string | null };

/** The running build's version and commit, as vite.config.ts recorded them; "unbuilt" when run outside Vite. */
export function getBuildInfo(): BuildInfo {
  return typeof __BUILD_INFO__ === "undefined" ? { version: "unbuilt", commit: null, builtAt: null } : __BUILD_INFO__;
}
