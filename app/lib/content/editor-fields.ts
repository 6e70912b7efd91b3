import { LIMITS } from "../site-config";
import type { SiteDocumentKey } from "./documents";

/**
 * How each document appears in the editor: plain inputs and textareas, labels above, each with its maximum. The
 * form's field names are the paths of the values in the document ("3.items" is the fourth service's list).
 */
type Common = { name: string; label: string; hint?: string; optional?: boolean };
export type TextFieldSpec = Common & { kind: "text" | "email" | "tel" | "url"; max: number; advice?: number; autoComplete?: string };
export type FieldSpec =
  | TextFieldSpec
  | (Common & { kind: "textarea"; max: number; rows?: number })
  | (Common & { kind: "paragraphs"; max: number; rows?: number })
  | (Common & { kind: "lines"; maxItems: number; maxItem: number; rows?: number })
  | (Common & { kind: "checkbox" })
  | (Common & { kind: "number"; min: number; max: number })
  | (Common & { kind: "photos"; maxItems: number })
  | (Common & { kind: "object"; fields: FieldSpec[] })
  | (Common & { kind: "group"; itemLabel: string; addLabel: string; deleteLabel: string; maxItems: number; fields: FieldSpec[]; newItem: (index: number) => unknown });

const MARKDOWN_HINT = "Leave an empty line between paragraphs. **bold**, *italic*, [a link](https://example.co.uk) and lines starting with - for a list.";
const PLACEHOLDER_HINT = "{owner}, {firstName}, {business}, {trade}, {locality} and {areas} are filled in from the business details.";

const text = (name: string, label: string, max: number = LIMITS.line, extra: Partial<TextFieldSpec> = {}): TextFieldSpec => ({ kind: "text", name, label, max, ...extra });
const paragraphs = (name: string, label: string, extra: Partial<Common> = {}): FieldSpec => ({ kind: "paragraphs", name, label, max: LIMITS.paragraph, hint: MARKDOWN_HINT, ...extra });
const title = (name = "title"): TextFieldSpec => text(name, "Title in search results", LIMITS.title, { hint: PLACEHOLDER_HINT });
const description = (name = "description"): TextFieldSpec => text(name, "Description in search results", LIMITS.description, { advice: LIMITS.descriptionAdvice });
const link = (name: string, label: string, optional = false): FieldSpec => ({
  kind: "object",
  name,
  label,
  optional,
  fields: [text("label", "Link text"), { kind: "url", name: "href", label: "Address (https://...)", max: 500 }],
});

const BUSINESS: FieldSpec[] = [
  text("name", "Business name", LIMITS.name, { autoComplete: "organization" }),
  text("shortName", "Short name (for the menu bar)", LIMITS.shortName),
  text("owner", "Owner's name", LIMITS.name, { autoComplete: "name" }),
  text("trade", "Trade, as in a title (for example: plasterer and builder)", LIMITS.name),
  text("tagline", "Tagline"),
  { kind: "tel", name: "phone", label: "Phone", max: 40, hint: "As you want it shown, for example 07700 900123. Links dial it in international form.", autoComplete: "tel" },
  { kind: "email", name: "email", label: "E-mail", max: LIMITS.name, autoComplete: "email" },
  { kind: "tel", name: "whatsapp", label: "WhatsApp number (optional)", max: 40, optional: true, hint: "Shows a WhatsApp link on the contact page." },
  { kind: "lines", name: "areas", label: "Areas served", maxItems: LIMITS.areas, maxItem: LIMITS.name, hint: "One area per line, in the order they are shown. Add, remove or move lines." },
  text("locality", "Town", LIMITS.name),
  text("region", "County or region", LIMITS.name),
  text("country", "Country code", 2, { hint: "Two letters, for example GB." }),
  { kind: "number", name: "copyrightYear", label: "Copyright year", min: 2000, max: 2100, hint: "The first year; the footer runs from it to the current year." },
  text("openingHours", "Opening hours (optional)", LIMITS.line, { optional: true, hint: "For example: Monday to Friday 8am to 6pm." }),
  {
    kind: "group",
    name: "accreditations",
    label: "Accreditations",
    itemLabel: "Accreditation",
    addLabel: "Add accreditation",
    deleteLabel: "Delete accreditation",
    maxItems: 10,
    fields: [
      text("name", "Name of the scheme", LIMITS.name),
      text("number", "Membership number (optional)", LIMITS.name, { optional: true }),
      { kind: "url", name: "url", label: "Link to check it (optional, https://...)", max: 500, optional: true },
    ],
    newItem: () => ({ name: "New accreditation" }),
  },
  { kind: "url", name: "googleReviewUrl", label: "Google review link (optional)", max: 500, optional: true },
  { kind: "photos", name: "homeImageId", label: "Home page picture", maxItems: 1, optional: true, hint: "Pick one of your gallery photos, or none for the illustration." },
  { kind: "checkbox", name: "showWebdev", label: "Show the web development page" },
  { kind: "checkbox", name: "showHomeAutomation", label: "Show the home automation page" },
];

const SERVICES: FieldSpec[] = [
  {
    kind: "group",
    name: "",
    label: "Services",
    itemLabel: "Service",
    addLabel: "Add service",
    deleteLabel: "Delete service",
    maxItems: LIMITS.listItems,
    fields: [
      text("name", "Name", LIMITS.name),
      text("id", "Address id (/services#id)", 40, { hint: "Lower-case letters, digits and dashes; unique." }),
      text("summary", "One-line summary (home page)"),
      { kind: "lines", name: "items", label: "Work offered", maxItems: LIMITS.listItems, maxItem: LIMITS.line, optional: true, hint: "One item per line." },
      paragraphs("prose", "Text instead of a list (optional)", { optional: true }),
      text("galleryCategory", "Gallery whose photos illustrate it (optional)", LIMITS.name, { optional: true }),
      { kind: "photos", name: "photoIds", label: "Or two photos picked from the galleries", maxItems: 2, optional: true },
      title(),
      description(),
      link("link", "Link to another site (optional)", true),
    ],
    newItem: (index) => ({
      id: `new-service-${index + 1}`,
      name: "New service",
      title: "New service in {locality}",
      description: "What this service covers, in one or two sentences.",
      summary: "What this service covers, in one line.",
      items: ["First piece of work offered"],
    }),
  },
];

const PAGE_META: FieldSpec[] = [title(), description()];

const HOME: FieldSpec[] = [
  ...PAGE_META,
  text("heading", "Heading"),
  paragraphs("intro", "Introduction"),
  text("callToAction", "Quote button"),
  text("areasHeading", "Areas heading"),
  text("servicesHeading", "Services heading"),
  text("servicesIntro", "Services introduction"),
  text("recentWorkHeading", "Recent work heading"),
  text("aboutHeading", "About heading"),
  paragraphs("about", "About text"),
  text("contactHeading", "Contact heading"),
  text("contactText", "Contact text"),
];

const ABOUT: FieldSpec[] = [
  ...PAGE_META,
  text("headingPrefix", "Heading (the areas follow it)"),
  {
    kind: "group",
    name: "sections",
    label: "Sections",
    itemLabel: "Section",
    addLabel: "Add section",
    deleteLabel: "Delete section",
    maxItems: LIMITS.listItems,
    fields: [text("heading", "Section heading"), paragraphs("paragraphs", "About text")],
    newItem: () => ({ heading: "New section", paragraphs: ["Write this section here."] }),
  },
  text("caption", "Caption under the photos"),
];

const SERVICES_PAGE: FieldSpec[] = [...PAGE_META, text("heading", "Heading"), text("hint", "Hint under the heading"), text("closing", "Closing line")];

const WEBDEV: FieldSpec[] = [
  ...PAGE_META,
  text("heading", "Heading"),
  {
    kind: "textarea",
    name: "story",
    label: "Story typed on the screen",
    max: LIMITS.story,
    rows: 10,
    hint: "Markers: [k] waits for a tap or key and starts a new screen, [t] counts a link press, [e] ends the story.",
  },
  text("continuePrompt", "Prompt while waiting"),
  text("finishedPrompt", "Prompt at the end"),
  text("retroButton", "Button label on phones"),
  { kind: "url", name: "retroSiteUrl", label: "Retro site address (https://...)", max: 500 },
  paragraphs("paragraphs", "Text under the screen"),
  text("projectsHeading", "Projects heading"),
  {
    kind: "group",
    name: "projects",
    label: "Project cards",
    itemLabel: "Project",
    addLabel: "Add project",
    deleteLabel: "Delete project",
    maxItems: LIMITS.listItems,
    fields: [text("name", "Project name", LIMITS.name), text("description", "Project description"), { kind: "url", name: "href", label: "Project address (https://...)", max: 500 }],
    newItem: () => ({ name: "New project", description: "What it does.", href: "https://example.com/", image: { src: "/images/webdev/keyboard.svg", width: 640, height: 240 } }),
  },
  link("codeProfile", "Code profile link"),
  { kind: "object", name: "credit", label: "Credit", fields: [text("text", "Credit text"), link("link", "Credit link")] },
];

const HOME_AUTOMATION: FieldSpec[] = [
  ...PAGE_META,
  text("heading", "Heading"),
  paragraphs("intro", "Introduction"),
  {
    kind: "group",
    name: "questions",
    label: "Questions and answers",
    itemLabel: "Question",
    addLabel: "Add question",
    deleteLabel: "Delete question",
    maxItems: LIMITS.listItems,
    fields: [
      text("question", "Question"),
      text("id", "Address id (/ha#id)", 40),
      paragraphs("answer", "Answer"),
      { kind: "lines", name: "list", label: "List under the answer (optional)", maxItems: LIMITS.listItems, maxItem: LIMITS.line, optional: true },
    ],
    newItem: (index) => ({ id: `question-${index + 1}`, question: "A new question?", answer: ["The answer."] }),
  },
];

const CONTACT: FieldSpec[] = [
  ...PAGE_META,
  text("heading", "Heading"),
  paragraphs("intro", "Introduction"),
  text("quoteHeading", "Quote form heading"),
  text("quoteIntro", "Quote form introduction"),
  text("otherWaysHeading", "Other ways heading"),
  text("emailPrompt", "E-mail prompt"),
  text("copiedMessage", "Said when the address is copied"),
  text("phonePrompt", "Phone prompt"),
  text("areasText", "Areas text", LIMITS.line, { hint: PLACEHOLDER_HINT }),
];

const QUOTE_SENT: FieldSpec[] = [...PAGE_META, text("heading", "Heading"), text("referencePrompt", "Reference prompt"), text("nextStepsHeading", "Next steps heading"), paragraphs("nextSteps", "Next steps")];

export const EDITOR_FIELDS: Record<SiteDocumentKey, FieldSpec[]> = {
  business: BUSINESS,
  services: SERVICES,
  home: HOME,
  about: ABOUT,
  "services-page": SERVICES_PAGE,
  webdev: WEBDEV,
  "home-automation": HOME_AUTOMATION,
  contact: CONTACT,
  "quote-sent": QUOTE_SENT,
};

/** A value's path inside a document, as form field names write it: "3.items", "sections.0.heading". */
export function joinPath(...parts: (string | number)[]): string {
  return parts.filter((part) => part !== "").join(".");
}

/** The id of a field's input, from its path. */
export function fieldId(path: string): string {
  return `field-${path.replace(/\./g, "-") || "root"}`;
}
