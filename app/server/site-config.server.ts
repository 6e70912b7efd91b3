import { readFileSync } from "node:fs";
import { type SiteConfig, SiteConfigSchema } from "~/lib/site-config";
import { getEnv } from "./env.server";

/** Reads and validates a site configuration file (config/site.json: the content a new site starts from). */
export function loadSiteConfig(file: string): SiteConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`SITE_CONFIG: cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  const result = SiteConfigSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`SITE_CONFIG: ${file} is not a valid site configuration:\n${problems}`);
  }
  return result.data;
}

let seed: SiteConfig | undefined;

/** The seed content (SITE_CONFIG), read and validated once. */
export function getSeedConfig(): SiteConfig {
  seed ??= loadSiteConfig(getEnv().siteConfigPath);
  return seed;
}
