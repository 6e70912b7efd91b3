import { PROJECT_LIMITS, type ProjectDraft } from "~/lib/projects/project";

/**
 * Reads the project editor's form into a draft. A draft may be unfinished (empty fields, a pair with one photo);
 * publishing checks it in full (ProjectSchema). Texts are cut at twice their limit so a draft stays small, and the
 * full check reports anything still too long.
 */

const MAX_PAIR_SLOTS = PROJECT_LIMITS.pairs + 1;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function text(form: FormData, name: string, max: number): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim().slice(0, max * 2) : "";
}

function imageId(form: FormData, name: string): string {
  const value = text(form, name, 36).toLowerCase();
  return UUID.test(value) ? value : "";
}

/** Whole pounds: "1,250" and "£1250" read as 1250; anything else is NaN, which the full check refuses. */
function pounds(form: FormData, name: string): number | null {
  const value = text(form, name, 20).replace(/[£,\s]/g, "");
  if (value === "") return null;
  return /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

export function readProjectForm(form: FormData, current: ProjectDraft): ProjectDraft {
  const pairs: ProjectDraft["pairs"] = [];
  for (let index = 0; index < MAX_PAIR_SLOTS; index++) {
    if (form.get(`pair-${index}-remove`) === "on") continue;
    const pair = {
      before: imageId(form, `pair-${index}-before`),
      after: imageId(form, `pair-${index}-after`),
      beforeAlt: text(form, `pair-${index}-beforeAlt`, PROJECT_LIMITS.alt),
      afterAlt: text(form, `pair-${index}-afterAlt`, PROJECT_LIMITS.alt),
    };
    if (pair.before || pair.after) pairs.push(pair);
  }
  const photos = form
    .getAll("photos")
    .filter((value): value is string => typeof value === "string" && UUID.test(value))
    .slice(0, PROJECT_LIMITS.photos * 2)
    .map((id) => ({ id: id.toLowerCase(), alt: text(form, `photo-alt-${id}`, PROJECT_LIMITS.alt) }));
  return {
    ...current,
    title: text(form, "title", PROJECT_LIMITS.title),
    serviceId: text(form, "serviceId", 80),
    town: text(form, "town", PROJECT_LIMITS.town),
    month: text(form, "month", 7),
    duration: text(form, "duration", PROJECT_LIMITS.duration),
    costFrom: pounds(form, "costFrom"),
    costTo: pounds(form, "costTo"),
    story: text(form, "story", PROJECT_LIMITS.story),
    pairs: pairs as ProjectDraft["pairs"],
    photos,
    reviewId: text(form, "reviewId", 32) || null,
  };
}
