import { type RouterContextProvider, createContext } from "react-router";
import { SITE_DOCUMENTS, SITE_DOCUMENT_KEYS, SITE_KIND, type SiteDocumentKey, assembleSiteConfig, pickDocument } from "~/lib/content/documents";
import { fillPlaceholders } from "~/lib/content/placeholders";
import type { SiteConfig } from "~/lib/site-config";
import type { Db } from "../db/client.server";
import { logger } from "../logger.server";
import { onContentChange } from "../pages/page-freshness.server";
import { getSeedConfig } from "../site-config.server";
import { createDocument, listDocuments, listPublished } from "./document-store.server";

/**
 * The site's content as public pages read it: the published documents of kind "site", put together, checked as a
 * whole and with their placeholders filled in, held in memory. Read at start and again whenever any instance
 * changes content (page-freshness' poll runs `reloadPublishedContent` before it drops the kept pages).
 */

let published: SiteConfig | undefined;

/** A request that previews the drafts carries them here (the root middleware sets it for admins only). */
export const previewContentContext = createContext<SiteConfig | null>(null);

/** Texts with their placeholders ({owner}, {areas}...) filled in from the business details. */
export function fillContent(config: SiteConfig): SiteConfig {
  return { business: config.business, services: fillPlaceholders(config.services, config.business), pages: fillPlaceholders(config.pages, config.business) };
}

/** Makes any of the site's documents that do not exist yet from the seed (all of them on a new site). */
export async function seedSiteContent(db: Db, config: SiteConfig = getSeedConfig()): Promise<SiteDocumentKey[]> {
  const made: SiteDocumentKey[] = [];
  for (const key of SITE_DOCUMENT_KEYS) {
    if (await createDocument(db, { kind: SITE_KIND, key }, pickDocument(config, key), null)) made.push(key);
  }
  return made;
}

/** Puts documents together; a part that is missing or no longer valid is taken from the seed, and said so. */
function assemble(documents: Map<string, unknown>): SiteConfig {
  const seed = getSeedConfig();
  const parts = {} as Record<SiteDocumentKey, unknown>;
  for (const key of SITE_DOCUMENT_KEYS) {
    const value = documents.get(key);
    const valid = value !== undefined && SITE_DOCUMENTS[key].schema.safeParse(value).success;
    if (!valid && value !== undefined) logger.error({ document: key }, "stored site content is not valid; showing the seed's instead");
    parts[key] = valid ? value : pickDocument(seed, key);
  }
  const whole = assembleSiteConfig(parts);
  return whole.success ? whole.data : seed;
}

export async function reloadPublishedContent(db: Db): Promise<void> {
  published = fillContent(assemble(await listPublished(db, SITE_KIND)));
}

/** Seeds a new site, reads the published content and follows later changes. Run once at start, after migrations. */
export async function startSiteContent(db: Db): Promise<void> {
  const made = await seedSiteContent(db);
  if (made.length > 0) logger.info({ documents: made }, "site content seeded from SITE_CONFIG");
  await reloadPublishedContent(db);
  onContentChange(reloadPublishedContent);
}

/** The published content (the seed's until startSiteContent has read the database: scripts and unit tests). */
export function getPublishedContent(): SiteConfig {
  published ??= fillContent(getSeedConfig());
  return published;
}

/** What a page shows: the drafts for an admin's preview, otherwise the published content. */
export function getSiteContent(context: Readonly<RouterContextProvider>): SiteConfig {
  return context.get(previewContentContext) ?? getPublishedContent();
}

/** Every document's draft, or its published content where it has none: what Preview shows. */
export async function loadDraftContent(db: Db): Promise<SiteConfig> {
  const documents = await listDocuments(db, SITE_KIND);
  return fillContent(assemble(new Map(documents.map((doc) => [doc.key, doc.draft ?? doc.published]))));
}
