import { toGalleryPhotos } from "~/lib/gallery-photo";
import { type PhotoTarget, parsePhotoTarget, placePhoto } from "~/lib/projects/place-photo";
import { PROJECT_FIELD_LABELS, PROJECT_KIND, type ProjectDraft } from "~/lib/projects/project";
import { changedFields } from "../content/changed-fields.server";
import type { Conflict } from "../content/content-editor.server";
import { type ContentDocument, restoreVersion } from "../content/document-store.server";
import { listPickedImages } from "../content/pickable-photos.server";
import type { Db } from "../db/client.server";
import { takeCompletedUpload } from "../uploads/completed-uploads.server";
import { addProjectPhoto } from "./project-photo-upload.server";
import { readProjectForm } from "./project-form.server";
import { emptyProject, getProjectDocument, publishProject, saveProjectDraft, unpublishProject } from "./projects.server";

/**
 * What the project editor's posts do, for its plain form posts, its autosave and its photo uploads alike: the
 * content editor's rules on the project's own form. Every write names the revision the form was made from; one on
 * a stale revision is refused with the other admin's version beside the owner's, never applied over it.
 */

export type Issue = { path: string; message: string };

export type ProjectOutcome =
  | { status: "saved" | "published" | "unpublished" | "restored" | "uploaded"; revision: number; at: string }
  | { status: "invalid"; issues: Issue[]; project: ProjectDraft; revision: number }
  | { status: "upload-failed"; message: string; project: ProjectDraft; revision: number }
  | { status: "conflict"; values: ProjectDraft; revision: number; theirs: Conflict }
  | { status: "not-found" };

/** A photo that came whole with a plain form post (no JavaScript), already on disk. */
export type ReceivedPhoto = { file: string; fileName: string };

const now = () => new Date().toISOString();
const shownDraft = (doc: ContentDocument): ProjectDraft => ({ ...emptyProject(), ...((doc.draft ?? doc.published) as ProjectDraft) });

function photoIds(project: ProjectDraft): string[] {
  return [...project.pairs.flatMap((pair) => [pair.before, pair.after]), ...project.photos.map((photo) => photo.id)].filter(Boolean);
}

/** Empty alt texts take the gallery photo's title or caption, so a photo is never published without one. */
async function fillAltTexts(db: Db, project: ProjectDraft): Promise<ProjectDraft> {
  const alts = new Map(toGalleryPhotos([...(await listPickedImages(db, photoIds(project))).values()]).map((photo) => [photo.id, photo.alt]));
  const alt = (id: string, given: string) => given || (id ? (alts.get(id) ?? "") : "");
  return {
    ...project,
    pairs: project.pairs.map((pair) => ({ ...pair, beforeAlt: alt(pair.before, pair.beforeAlt), afterAlt: alt(pair.after, pair.afterAlt) })),
    photos: project.photos.map((photo) => ({ ...photo, alt: alt(photo.id, photo.alt) })),
  };
}

export async function handleProjectPost(db: Db, id: string, form: FormData, by: string, received?: ReceivedPhoto): Promise<ProjectOutcome> {
  const doc = await getProjectDocument(db, id);
  if (!doc) return { status: "not-found" };
  const intent = String(form.get("intent") ?? "save");
  const revision = Number(form.get("revision"));

  if (intent === "unpublish") {
    return (await unpublishProject(db, id, revision, by)) ? { status: "unpublished", revision: revision + 1, at: now() } : conflictWith(db, id, shownDraft(doc));
  }
  if (intent === "restore") {
    const result = await restoreVersion(db, { kind: PROJECT_KIND, key: id }, String(form.get("version") ?? ""), revision, by);
    if (!result) return { status: "not-found" };
    return result.ok ? { status: "restored", revision: result.revision, at: now() } : conflictWith(db, id, shownDraft(doc));
  }
  if (intent === "upload-file") return uploadInto(db, id, doc, form, by, received);

  const draft = await fillAltTexts(db, readProjectForm(form, shownDraft(doc)));
  if (intent === "publish") {
    const outcome = await publishProject(db, id, draft, revision, by);
    if (outcome.status === "invalid") {
      // Keep what was typed as the draft, so nothing is lost, and say what publishing needs.
      const saved = await saveProjectDraft(db, id, draft, revision, by);
      return { status: "invalid", issues: outcome.issues, project: draft, revision: saved.ok ? saved.revision : revision };
    }
    return outcome.status === "conflict" ? conflictWith(db, id, draft) : { status: "published", revision: revision + 1, at: now() };
  }
  if (intent !== "save") return { status: "invalid", issues: [{ path: "", message: "That request was not understood." }], project: draft, revision };
  const saved = await saveProjectDraft(db, id, draft, revision, by);
  return saved.ok ? { status: "saved", revision: saved.revision, at: now() } : conflictWith(db, id, draft);
}

/**
 * An uploaded photo into the gallery category chosen, then into the project's draft as it is now, where the owner
 * said. With JavaScript the bytes came through the resumable endpoint (`uploadId`, after the editor saved what was
 * typed); without, with the upload form's multipart post. The placement only adds, so it is written on the latest
 * revision rather than refused as stale.
 */
async function uploadInto(db: Db, id: string, doc: ContentDocument, form: FormData, by: string, received?: ReceivedPhoto): Promise<ProjectOutcome> {
  const draft = shownDraft(doc);
  const revision = doc.revision;
  const failed = (message: string): ProjectOutcome => ({ status: "upload-failed", message, project: draft, revision });
  const target: PhotoTarget | null = parsePhotoTarget(form.get("uploadTarget"));
  if (!target) return failed("Please choose where the photo goes in the project.");
  let photo = received ?? null;
  if (!photo) {
    const upload = await takeCompletedUpload(String(form.get("uploadId") ?? ""));
    photo = upload ? { file: upload.file, fileName: upload.metadata.filename ?? "" } : null;
  }
  if (!photo) return failed("Please choose a photo to upload.");
  const alt = String(form.get("uploadAlt") ?? "").trim().slice(0, 200);
  const image = await addProjectPhoto(db, { ...photo, category: String(form.get("uploadCategory") ?? ""), alt });
  if (!image.ok) return failed(image.message);
  const placed = placePhoto(draft, image.value, target, alt);
  if (!placed) return failed("The photo is in the gallery, but the project has no room for it there: choose it from a pair or the further photos instead.");
  const saved = await saveProjectDraft(db, id, await fillAltTexts(db, placed), revision, by);
  return saved.ok ? { status: "uploaded", revision: saved.revision, at: now() } : conflictWith(db, id, placed);
}

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? "entry" : "entries"}`;
  return String(value);
};

async function conflictWith(db: Db, id: string, mine: ProjectDraft): Promise<ProjectOutcome> {
  const current = await getProjectDocument(db, id);
  if (!current) return { status: "not-found" };
  const theirs = shownDraft(current);
  const fields = changedFields(theirs, mine)
    .filter((name) => name !== "slug")
    .map((name) => ({ label: PROJECT_FIELD_LABELS[name] ?? name, theirs: show(theirs[name as keyof ProjectDraft]), mine: show(mine[name as keyof ProjectDraft]) }));
  return {
    status: "conflict",
    values: mine,
    revision: current.revision,
    theirs: { by: current.draftUpdatedBy ?? current.publishedBy, at: current.draftUpdatedAt ?? current.publishedAt, revision: current.revision, values: theirs, fields },
  };
}
