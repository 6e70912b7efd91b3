import { z } from "zod";

/**
 * A project: one whole job told in photos. Stored as JSON in the content store (kind "project", key = its id),
 * validated here at the edge by the admin's action, and read back by the public pages.
 */

export const PROJECT_KIND = "project";
export const PROJECT_LIMITS = { title: 90, town: 60, duration: 40, story: 5000, alt: 200, pairs: 8, photos: 12, cost: 1_000_000 } as const;

/**
 * Words that mark a street rather than a town. A project names its town only: a customer's street (let alone the
 * house number) must never be published, and structured data gives the town as addressLocality, never streetAddress.
 */
const STREET_WORDS = /^(road|rd|street|st|lane|ln|avenue|ave|close|drive|dr|crescent|cres|terrace|mews|parade|flat|apartment|cottage)\.?$/i;

/** The problem with a town as typed, or null when it is a plain place name. */
export function townProblem(town: string): string | null {
  if (/\d/.test(town)) return "Give the town or village only: no house numbers or postcodes.";
  if (town.includes(",")) return "Give the town or village only, without a street.";
  const words = town.trim().split(/\s+/);
  if (words.length > 1 && STREET_WORDS.test(words.at(-1)!)) return "That looks like a street: give the town or village only.";
  return null;
}

const text = (max: number, label: string) => z.string().trim().min(1, `${label} is needed`).max(max, `${label} must be at most ${max} characters`);
const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`);
const ImageId = z.uuid();
const Alt = text(PROJECT_LIMITS.alt, "Each photo's alt text");
/** Whole pounds, or nothing. */
const Pounds = (label: string) =>
  z
    .number({ message: `${label} must be a whole number of pounds` })
    .int(`${label} must be a whole number of pounds`)
    .min(1, `${label} must be at least £1`)
    .max(PROJECT_LIMITS.cost, `${label} must be at most £${PROJECT_LIMITS.cost.toLocaleString("en-GB")}`)
    .nullable();

export const ProjectPairSchema = z.object({ before: ImageId, beforeAlt: Alt, after: ImageId, afterAlt: Alt });
export const ProjectPhotoSchema = z.object({ id: ImageId, alt: Alt });

export const ProjectSchema = z
  .object({
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    title: text(PROJECT_LIMITS.title, "Title"),
    serviceId: z.string().min(1, "Choose the service"),
    town: text(PROJECT_LIMITS.town, "Town").superRefine((town, ctx) => {
      const problem = townProblem(town);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Month must be a month and year"),
    duration: optionalText(PROJECT_LIMITS.duration, "How long it took"),
    costFrom: Pounds("Cost from"),
    costTo: Pounds("Cost to"),
    story: text(PROJECT_LIMITS.story, "Story"),
    pairs: z.array(ProjectPairSchema).max(PROJECT_LIMITS.pairs, `At most ${PROJECT_LIMITS.pairs} before-and-after pairs`),
    photos: z.array(ProjectPhotoSchema).max(PROJECT_LIMITS.photos, `At most ${PROJECT_LIMITS.photos} further photos`),
    /** A published review of this job (the reviews feature's id), or null. */
    reviewId: z.string().max(64).nullable(),
  })
  .superRefine((project, ctx) => {
    if ((project.costFrom === null) !== (project.costTo === null)) {
      ctx.addIssue({ code: "custom", path: [project.costFrom === null ? "costFrom" : "costTo"], message: "Give both ends of the cost band, or neither" });
    } else if (project.costFrom !== null && project.costTo !== null && project.costFrom > project.costTo) {
      ctx.addIssue({ code: "custom", path: ["costTo"], message: "Cost to must be at least Cost from" });
    }
  });

export type Project = z.infer<typeof ProjectSchema>;

/** What the editor may hold while unfinished: a draft may be saved with gaps; publishing needs the whole schema. */
export type ProjectDraft = Omit<Project, "costFrom" | "costTo"> & { costFrom: number | null; costTo: number | null };

/** The editor's names for a project's fields: in its messages, a conflict and the history. */
export const PROJECT_FIELD_LABELS: Record<string, string> = {
  title: "Title",
  serviceId: "Service",
  town: "Town",
  month: "Month",
  duration: "How long it took",
  costFrom: "Cost from",
  costTo: "Cost to",
  story: "Story",
  pairs: "Before and after",
  photos: "Further photos",
  reviewId: "Linked review",
  slug: "Address",
};

/** A title as an address: "Loft conversion in Bath" → "loft-conversion-in-bath". */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "project";
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "2025-06" → "June 2025". */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}

const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });

/** "£340–£510", or "£400" when both ends agree. */
export function formatCostBand(from: number, to: number): string {
  return from === to ? pounds.format(from) : `${pounds.format(from)}–${pounds.format(to)}`;
}
