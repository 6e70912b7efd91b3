import { z } from "zod";
import { toInternationalPhone } from "./phone";

/**
 * The site's identity and content: one definition for the editor's forms, the server and the import. Stored in the
 * database as one document per part (see lib/content/documents.ts); config/site.json is the content a new site
 * starts from. Texts may name business details as placeholders ({owner}, {areas}...: lib/content/placeholders.ts),
 * so no fact is typed twice.
 */
export const LIMITS = {
  name: 80,
  shortName: 30,
  title: 70,
  /** Search engines show about 160 characters; past that the editor warns, past `description` it refuses. */
  descriptionAdvice: 160,
  description: 300,
  line: 200,
  paragraph: 5000,
  story: 10000,
  listItems: 30,
  areas: 30,
} as const;

const text = (max: number) => z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);
const Line = text(LIMITS.line);
const Name = text(LIMITS.name);
const Title = text(LIMITS.title);
const Description = text(LIMITS.description);
const Paragraphs = z.array(text(LIMITS.paragraph)).min(1, "needs at least one paragraph").max(LIMITS.listItems, `at most ${LIMITS.listItems} paragraphs`);
const List = z.array(Line).max(LIMITS.listItems, `at most ${LIMITS.listItems} items`);
/** Links to other sites: https only, so no javascript:, data: or plain-http address can be stored. */
const HttpsUrl = z.url({ protocol: /^https$/, message: "must be a full https:// address" }).max(500);
const Link = z.object({ label: Line, href: HttpsUrl });
const PageMeta = z.object({ title: Title, description: Description });
/** A file under public/ with its intrinsic size, so the page reserves its space before it loads. */
const Picture = z.object({
  src: z.string().regex(/^\/[\w./-]+$/, "a path under public/, starting with /"),
  alt: Line,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
/** A gallery photo's id (a UUID). */
const ImageId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "pick a photo from the list");
const Slug = z.string().trim().min(1, "must not be empty").max(40, "must be at most 40 characters").regex(/^[a-z0-9-]+$/, "lower-case letters, digits and dashes only");

export const BusinessSchema = z
  .object({
    name: Name,
    shortName: text(LIMITS.shortName),
    owner: Name,
    /** What the owner does, in the words of a title: "plasterer and builder". */
    trade: Name,
    tagline: Line,
    areas: z.array(text(LIMITS.name)).min(1, "name at least one area").max(LIMITS.areas, `at most ${LIMITS.areas} areas`),
    email: z.email("must be an e-mail address like name@example.co.uk").max(LIMITS.name),
    /** As people write it, shown on the page. */
    phone: text(40),
    /** The same number in international form, for tel: links and search engines: worked out from `phone`. */
    phoneE164: z.string().optional(),
    /** Optional: a WhatsApp link on /contact. */
    whatsapp: text(40).optional(),
    whatsappE164: z.string().optional(),
    locality: Name,
    region: Name,
    country: z.string().length(2, "a two-letter country code, like GB").toUpperCase(),
    copyrightYear: z.number().int().min(2000).max(2100),
    openingHours: Line.optional(),
    accreditations: z
      .array(z.object({ name: Name, number: text(LIMITS.name).optional(), url: HttpsUrl.optional() }))
      .max(10, "at most 10 accreditations")
      .default([]),
    /** Where customers leave a Google review (the reviews feature links to it). */
    googleReviewUrl: HttpsUrl.optional(),
    /** A gallery photo for the home page's picture; the illustration while none is chosen. */
    homeImageId: ImageId.optional(),
    showWebdev: z.boolean().default(true),
    showHomeAutomation: z.boolean().default(true),
  })
  .superRefine((business, ctx) => {
    if (!toInternationalPhone(business.phone, business.country)) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: "is not a phone number (for example 07700 900123 or +44 7700 900123)" });
    }
    if (business.whatsapp !== undefined && !toInternationalPhone(business.whatsapp, business.country)) {
      ctx.addIssue({ code: "custom", path: ["whatsapp"], message: "is not a phone number (for example 07700 900123)" });
    }
  })
  .transform((business) => ({
    ...business,
    phoneE164: toInternationalPhone(business.phone, business.country) ?? "",
    whatsappE164: business.whatsapp === undefined ? undefined : (toInternationalPhone(business.whatsapp, business.country) ?? undefined),
  }));

export const ServiceSchema = z
  .object({
    /** Used in the address: /services#{id}. */
    id: Slug,
    name: Name,
    /** Document title and meta description while the section is open. */
    title: Title,
    description: Description,
    /** One line for the home page. */
    summary: Line,
    items: List.optional(),
    prose: Paragraphs.optional(),
    /** An outside site, opened in a new tab. */
    link: Link.optional(),
    /** A page of this site that says more. */
    pageLink: z.object({ label: Line, path: z.string().regex(/^\/[a-z0-9/-]*$/, "a path of this site, like /ha") }).optional(),
    /** Name of the gallery category whose first two photos illustrate the service. */
    galleryCategory: Name.optional(),
    /** Two photos picked from the galleries: shown instead of the category's first two. */
    photoIds: z.array(ImageId).max(2, "pick at most two photos").optional(),
    /** Shown instead while that gallery has fewer than two photos. */
    artwork: z.array(Picture).max(2).optional(),
  })
  .refine((s) => s.items !== undefined || s.prose !== undefined, { path: ["items"], message: "a service needs a list of work offered or some text" });

export const ServicesSchema = z
  .array(ServiceSchema)
  .min(1, "keep at least one service")
  .max(LIMITS.listItems, `at most ${LIMITS.listItems} services`)
  .superRefine((services, ctx) => {
    const seen = new Set<string>();
    services.forEach((service, index) => {
      if (seen.has(service.id)) ctx.addIssue({ code: "custom", path: [index, "id"], message: `"${service.id}" is already the address of another service` });
      seen.add(service.id);
    });
  });

export const PagesSchema = z.object({
  home: PageMeta.extend({
    heading: Line,
    intro: Paragraphs,
    callToAction: Line,
    areasHeading: Line,
    servicesHeading: Line,
    servicesIntro: Line,
    recentWorkHeading: Line,
    aboutHeading: Line,
    about: Paragraphs,
    contactHeading: Line,
    contactText: Line,
  }),
  about: PageMeta.extend({
    /** Followed by the list of areas, so the heading names every area served. */
    headingPrefix: Line,
    sections: z.array(z.object({ heading: Line, paragraphs: Paragraphs })).min(1).max(LIMITS.listItems),
    photos: z.array(Picture).max(6),
    caption: Line,
  }),
  services: PageMeta.extend({ heading: Line, hint: Line, closing: Line }),
  webdev: PageMeta.extend({
    heading: Line,
    /** Markers: [k] waits for a click or key and starts the next screen, [t] counts a link trigger, [e] ends. */
    story: text(LIMITS.story),
    /** Shown on the screen while it waits for a click or key, and once the story has ended. */
    continuePrompt: Line,
    finishedPrompt: Line,
    /** Label of the button phones get instead of the Z key. */
    retroButton: Line,
    retroSiteUrl: HttpsUrl,
    paragraphs: Paragraphs,
    projectsHeading: Line,
    projects: z
      .array(z.object({ name: Name, description: Line, href: HttpsUrl, image: Picture.omit({ alt: true }) }))
      .min(1)
      .max(LIMITS.listItems),
    codeProfile: Link,
    credit: z.object({ text: Line, link: Link }),
  }),
  homeAutomation: PageMeta.extend({
    heading: Line,
    intro: Paragraphs,
    questions: z
      .array(z.object({ id: Slug, question: Line, answer: Paragraphs, list: List.optional() }))
      .min(1)
      .max(LIMITS.listItems),
  }),
  contact: PageMeta.extend({
    heading: Line,
    intro: Paragraphs,
    emailPrompt: Line,
    /** Announced after the address has been copied. */
    copiedMessage: Line,
    phonePrompt: Line,
    areasText: Line,
    quoteHeading: Line,
    quoteIntro: Line,
    otherWaysHeading: Line,
  }),
  /** The page after a quote request was received. */
  quoteSent: PageMeta.extend({ heading: Line, referencePrompt: Line, nextStepsHeading: Line, nextSteps: Paragraphs }),
});

export const SiteConfigSchema = z.object({ business: BusinessSchema, services: ServicesSchema, pages: PagesSchema });

export type SiteConfig = z.output<typeof SiteConfigSchema>;
export type Business = SiteConfig["business"];
export type Service = z.output<typeof ServiceSchema>;
export type Pages = SiteConfig["pages"];
