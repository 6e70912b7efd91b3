import { SITE_DOCUMENT_KEYS, SITE_KIND, type SiteDocumentKey, assembleSiteConfig, pickDocument } from "~/lib/content/documents";
import { type SiteConfig, SiteConfigSchema } from "~/lib/site-config";
import type { Db } from "../db/client.server";
import { noteContentChanged } from "../pages/page-freshness.server";
import { getSeedConfig } from "../site-config.server";
import { getDocument, listPublished, replacePublished } from "./document-store.server";

/**
 * The site's published content as one file in the seed's format (config/site.json), and back: for owners who keep
 * their content in git. An import checks the whole file first and changes nothing when any of it is wrong.
 */

/** The published content (the seed's for any part never stored), in the seed's format. */
export async function exportSiteContent(db: Db): Promise<SiteConfig> {
  const stored = await listPublished(db, SITE_KIND);
  const seed = getSeedConfig();
  const parts = Object.fromEntries(SITE_DOCUMENT_KEYS.map((key) => [key, stored.get(key) ?? pickDocument(seed, key)])) as Record<SiteDocumentKey, unknown>;
  const whole = assembleSiteConfig(parts);
  if (!whole.success) throw new Error(`the stored content is not valid: ${describeIssues(whole.error.issues)}`);
  return whole.data;
}

export type ImportResult = { ok: true; changed: SiteDocumentKey[] } | { ok: false; problems: string };

/** Publishes the content of a file; documents whose content is the same are left as they are (no new version). */
export async function importSiteContent(db: Db, raw: unknown, by: string | null): Promise<ImportResult> {
  const parsed = SiteConfigSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, problems: describeIssues(parsed.error.issues) };
  const changed: SiteDocumentKey[] = [];
  for (const key of SITE_DOCUMENT_KEYS) {
    const ref = { kind: SITE_KIND, key };
    const next = pickDocument(parsed.data, key);
    const current = await getDocument(db, ref);
    if (current && current.draft === null && JSON.stringify(current.published) === JSON.stringify(next)) continue;
    await replacePublished(db, ref, next, by);
    changed.push(key);
  }
  if (changed.length > 0) await noteContentChanged(db);
  return { ok: true, changed };
}

function describeIssues(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  return issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
}
