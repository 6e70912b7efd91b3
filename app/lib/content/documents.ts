import type { z } from "zod";
import { BusinessSchema, PagesSchema, type SiteConfig, SiteConfigSchema, ServicesSchema } from "../site-config";

/**
 * The site's content as the editor and the store see it: one document per part, each validated by its part of
 * SiteConfigSchema. The key is the document's address in the editor (/manage/content/{key}) and in the store.
 */
export const SITE_DOCUMENTS = {
  business: { label: "Business details", schema: BusinessSchema, path: ["business"], pages: ["/", "/contact", "/aboutme", "/services"] },
  services: { label: "Services", schema: ServicesSchema, path: ["services"], pages: ["/services", "/"] },
  home: { label: "Home page", schema: PagesSchema.shape.home, path: ["pages", "home"], pages: ["/"] },
  about: { label: "About page", schema: PagesSchema.shape.about, path: ["pages", "about"], pages: ["/aboutme"] },
  "services-page": { label: "Services page", schema: PagesSchema.shape.services, path: ["pages", "services"], pages: ["/services"] },
  webdev: { label: "Web development page", schema: PagesSchema.shape.webdev, path: ["pages", "webdev"], pages: ["/webdev"] },
  "home-automation": { label: "Home automation page", schema: PagesSchema.shape.homeAutomation, path: ["pages", "homeAutomation"], pages: ["/ha"] },
  contact: { label: "Contact page", schema: PagesSchema.shape.contact, path: ["pages", "contact"], pages: ["/contact"] },
  "quote-sent": { label: "Page after a quote request", schema: PagesSchema.shape.quoteSent, path: ["pages", "quoteSent"], pages: ["/contact"] },
} as const satisfies Record<string, { label: string; schema: z.ZodType; path: readonly string[]; pages: readonly string[] }>;

export type SiteDocumentKey = keyof typeof SITE_DOCUMENTS;

/** The store's kind for the site's documents (reviews and projects use their own kinds). */
export const SITE_KIND = "site";

export const SITE_DOCUMENT_KEYS = Object.keys(SITE_DOCUMENTS) as SiteDocumentKey[];

export function isSiteDocumentKey(key: string): key is SiteDocumentKey {
  return Object.hasOwn(SITE_DOCUMENTS, key);
}

/** One document's part of the whole content. */
export function pickDocument(config: SiteConfig, key: SiteDocumentKey): unknown {
  let value: unknown = config;
  for (const step of SITE_DOCUMENTS[key].path) value = (value as Record<string, unknown>)[step];
  return value;
}

/** Puts documents back together into the whole content, validated as a whole (services' unique ids and so on). */
export function assembleSiteConfig(documents: Record<SiteDocumentKey, unknown>): ReturnType<typeof SiteConfigSchema.safeParse> {
  const raw: Record<string, unknown> = { pages: {} };
  for (const key of SITE_DOCUMENT_KEYS) {
    const path = SITE_DOCUMENTS[key].path;
    let target = raw;
    for (const step of path.slice(0, -1)) target = target[step] as Record<string, unknown>;
    target[path.at(-1)!] = documents[key];
  }
  return SiteConfigSchema.safeParse(raw);
}
