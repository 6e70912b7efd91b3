import { z } from "zod";

/** The site's identity and content. Another tradesperson runs the same product by editing config/site.json. */
const Text = z.string().trim().min(1);
const Paragraphs = z.array(Text).min(1);
const Link = z.object({ label: Text, href: z.url() });
const PageMeta = z.object({ title: Text, description: Text.max(300) });
/** A file under public/ with its intrinsic size, so the page reserves its space before it loads. */
const Picture = z.object({ src: z.string().regex(/^\//, "a path under public/, starting with /"), alt: Text, width: z.number().int().positive(), height: z.number().int().positive() });

export const ServiceSchema = z
  .object({
    /** Used in the address: /services#{id}. */
    id: z.string().regex(/^[a-z0-9-]+$/, "lower-case letters, digits and dashes"),
    name: Text,
    /** Document title and meta description while the section is open. */
    title: Text,
    description: Text.max(300),
    /** One line for the home page. */
    summary: Text,
    items: z.array(Text).optional(),
    prose: Paragraphs.optional(),
    /** An outside site, opened in a new tab. */
    link: Link.optional(),
    /** A page of this site that says more. */
    pageLink: z.object({ label: Text, path: z.string().regex(/^\/[^/]/, "a path of this site, like /ha") }).optional(),
    /** Name of the gallery category whose first two photos illustrate the service. */
    galleryCategory: Text.optional(),
    /** Shown instead while that gallery has fewer than two photos. */
    artwork: z.array(Picture).max(2).optional(),
  })
  .refine((s) => s.items !== undefined || s.prose !== undefined, "a service needs items or prose");

export const SiteConfigSchema = z.object({
  business: z.object({
    name: Text,
    shortName: Text.max(30),
    owner: Text,
    tagline: Text,
    areas: z.array(Text).min(1),
    email: z.email(),
    /** As people write it, shown on the page. */
    phone: Text,
    /** The same number in international form, for tel: links and search engines. */
    phoneE164: z.string().regex(/^\+[1-9]\d{6,14}$/, "international form, for example +447700900123"),
    locality: Text,
    region: Text,
    country: z.string().length(2),
    copyrightYear: z.number().int().min(2000).max(2100),
  }),
  services: z.array(ServiceSchema).min(1),
  pages: z.object({
    home: PageMeta.extend({
      heading: Text,
      intro: Paragraphs,
      callToAction: Text,
      areasHeading: Text,
      servicesHeading: Text,
      servicesIntro: Text,
      recentWorkHeading: Text,
      aboutHeading: Text,
      about: Paragraphs,
      contactHeading: Text,
      contactText: Text,
    }),
    about: PageMeta.extend({
      /** Followed by the list of areas, so the heading names every area served. */
      headingPrefix: Text,
      sections: z.array(z.object({ heading: Text, paragraphs: Paragraphs })).min(1),
      photos: z.array(Picture),
      caption: Text,
    }),
    services: PageMeta.extend({ heading: Text, hint: Text, closing: Text }),
    webdev: PageMeta.extend({
      heading: Text,
      /** Markers: [k] waits for a click or key and starts the next screen, [t] counts a link trigger, [e] ends. */
      story: Text,
      /** Shown on the screen while it waits for a click or key, and once the story has ended. */
      continuePrompt: Text,
      finishedPrompt: Text,
      /** Label of the button phones get instead of the Z key. */
      retroButton: Text,
      retroSiteUrl: z.url(),
      paragraphs: Paragraphs,
      projectsHeading: Text,
      projects: z.array(z.object({ name: Text, description: Text, href: z.url(), image: Picture.omit({ alt: true }) })).min(1),
      codeProfile: Link,
      credit: z.object({ text: Text, link: Link }),
    }),
    homeAutomation: PageMeta.extend({
      heading: Text,
      intro: Paragraphs,
      questions: z
        .array(z.object({ id: z.string().regex(/^[a-z0-9-]+$/), question: Text, answer: Paragraphs, list: z.array(Text).optional() }))
        .min(1),
    }),
    contact: PageMeta.extend({
      heading: Text,
      intro: Paragraphs,
      emailPrompt: Text,
      /** Announced after the address has been copied. */
      copiedMessage: Text,
      phonePrompt: Text,
      areasText: Text,
      quoteHeading: Text,
      quoteIntro: Text,
      otherWaysHeading: Text,
    }),
    /** The page after a quote request was received. */
    quoteSent: PageMeta.extend({ heading: Text, referencePrompt: Text, nextStepsHeading: Text, nextSteps: Paragraphs }),
  }),
});

export type SiteConfig = z.infer<typeof SiteConfigSchema>;
export type Service = z.infer<typeof ServiceSchema>;
