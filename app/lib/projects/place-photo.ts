import { PROJECT_LIMITS, type ProjectDraft } from "./project";

/**
 * Where a photo uploaded from the project editor goes: among the further photos, or into one side of a pair
 * (an existing pair, or the empty one the editor offers after them).
 */
export type PhotoTarget = { kind: "photos" } | { kind: "pair"; index: number; side: "before" | "after" };

/** "photos", "pair-0-before", "pair-2-after": the values of the editor's "Put it in" choice. */
export function parsePhotoTarget(value: unknown): PhotoTarget | null {
  if (value === "photos") return { kind: "photos" };
  const match = typeof value === "string" ? /^pair-(\d{1,2})-(before|after)$/.exec(value) : null;
  return match ? { kind: "pair", index: Number(match[1]), side: match[2] as "before" | "after" } : null;
}

/** The choices for a project as it stands: each pair's two sides, a new pair's, and the further photos. */
export function photoTargets(project: Pick<ProjectDraft, "pairs">): { value: string; label: string }[] {
  const pairs = Math.min(project.pairs.length + 1, PROJECT_LIMITS.pairs);
  const sides = Array.from({ length: pairs }, (_, index) => {
    const label = index < project.pairs.length ? `Pair ${index + 1}` : `New pair (${index + 1})`;
    return [
      { value: `pair-${index}-before`, label: `${label}: before` },
      { value: `pair-${index}-after`, label: `${label}: after` },
    ];
  }).flat();
  return [{ value: "photos", label: "Further photos" }, ...sides];
}

/** Where an upload goes unless the owner says otherwise: the first side of a pair still without a photo. */
export function firstEmptyTarget(project: Pick<ProjectDraft, "pairs">): string {
  const index = project.pairs.findIndex((pair) => !pair.before || !pair.after);
  if (index >= 0) return `pair-${index}-${project.pairs[index]!.before ? "after" : "before"}`;
  return project.pairs.length < PROJECT_LIMITS.pairs ? `pair-${project.pairs.length}-before` : "photos";
}

/** The project with the photo placed; a pair slot past the end starts a new pair. Null when there is no room. */
export function placePhoto(project: ProjectDraft, imageId: string, target: PhotoTarget, alt: string): ProjectDraft | null {
  if (target.kind === "photos") {
    if (project.photos.length >= PROJECT_LIMITS.photos) return null;
    return { ...project, photos: [...project.photos.filter((photo) => photo.id !== imageId), { id: imageId, alt }] };
  }
  if (target.index > project.pairs.length || target.index >= PROJECT_LIMITS.pairs) return null;
  const pairs = [...project.pairs];
  const pair = pairs[target.index] ?? { before: "", after: "", beforeAlt: "", afterAlt: "" };
  pairs[target.index] = { ...pair, [target.side]: imageId, [`${target.side}Alt`]: alt };
  return { ...project, pairs };
}
