import { v7 as uuidv7 } from "uuid";
import { PROJECT_KIND, type Project, type ProjectDraft, ProjectSchema, slugify } from "~/lib/projects/project";
import type { Db } from "../db/client.server";
import {
  type ContentDocument,
  type WriteResult,
  createDocument,
  createDraftDocument,
  deleteDocument,
  getDocument,
  listDocuments,
  listPublished,
  publishDocument,
  saveDraft,
  unpublishDocument,
} from "../content/document-store.server";
import { noteContentChanged } from "../pages/page-freshness.server";

/**
 * Projects on the generic content store: kind "project", keyed by a UUIDv7, with the store's drafts, publishing and
 * history. Their order and the price-guide switch are one more document (kind "project-settings", key "site").
 */

const SETTINGS = { kind: "project-settings", key: "site" } as const;
export type ProjectSettings = { order: string[]; priceGuide: boolean };
const DEFAULT_SETTINGS: ProjectSettings = { order: [], priceGuide: true };

export type PublishedProject = Project & { id: string };

const ref = (id: string) => ({ kind: PROJECT_KIND, key: id });

export function emptyProject(): ProjectDraft {
  return { slug: "", title: "", serviceId: "", town: "", month: "", duration: "", costFrom: null, costTo: null, story: "", pairs: [], photos: [], reviewId: null };
}

async function getSettingsDocument(db: Db): Promise<ContentDocument | null> {
  return getDocument(db, SETTINGS);
}

export async function getProjectSettings(db: Db): Promise<ProjectSettings> {
  const doc = await getSettingsDocument(db);
  return { ...DEFAULT_SETTINGS, ...((doc?.published as Partial<ProjectSettings> | null) ?? {}) };
}

/** Writes the settings, retrying once if another write slipped in between the read and the write. */
async function updateSettings(db: Db, change: (settings: ProjectSettings) => ProjectSettings, by: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const doc = await getSettingsDocument(db);
    const next = change({ ...DEFAULT_SETTINGS, ...((doc?.published as Partial<ProjectSettings> | null) ?? {}) });
    if (!doc) {
      if (await createDocument(db, SETTINGS, next, by)) return;
      continue;
    }
    if ((await publishDocument(db, SETTINGS, doc.revision, by, next)).ok) return;
  }
  throw new Error("the project settings changed three times while being written");
}

/** Every project id in the owner's order: those placed first, then any others newest first. */
function ordered<T extends { key: string }>(docs: T[], order: readonly string[]): T[] {
  const rank = new Map(order.map((id, index) => [id, index]));
  const place = (key: string) => rank.get(key) ?? Number.MAX_SAFE_INTEGER;
  return docs.toSorted((a, b) => place(a.key) - place(b.key) || b.key.localeCompare(a.key));
}

export type ProjectListItem = { id: string; title: string; slug: string; published: boolean; hasDraft: boolean };

export async function listProjectsForAdmin(db: Db): Promise<ProjectListItem[]> {
  const [docs, settings] = await Promise.all([listDocuments(db, PROJECT_KIND), getProjectSettings(db)]);
  return ordered(docs, settings.order).map((doc) => {
    const shown = (doc.draft ?? doc.published) as ProjectDraft;
    return { id: doc.key, title: shown.title || "Untitled project", slug: (doc.published as Project | null)?.slug ?? "", published: doc.published !== null, hasDraft: doc.draft !== null };
  });
}

/** Published projects in the owner's order. */
export async function listPublishedProjects(db: Db): Promise<PublishedProject[]> {
  const [published, settings] = await Promise.all([listPublished(db, PROJECT_KIND), getProjectSettings(db)]);
  const rows = [...published].filter(([, value]) => value !== null).map(([key, value]) => ({ key, value: value as Project }));
  return ordered(rows, settings.order).map(({ key, value }) => ({ ...value, id: key }));
}

export async function getPublishedProjectBySlug(db: Db, slug: string): Promise<PublishedProject | null> {
  return (await listPublishedProjects(db)).find((project) => project.slug === slug) ?? null;
}

export async function getProjectDocument(db: Db, id: string): Promise<ContentDocument | null> {
  return getDocument(db, ref(id));
}

export async function createProject(db: Db, by: string): Promise<string> {
  const id = uuidv7();
  await createDraftDocument(db, ref(id), emptyProject(), by);
  await updateSettings(db, (settings) => ({ ...settings, order: [id, ...settings.order.filter((other) => other !== id)] }), by);
  return id;
}

export function saveProjectDraft(db: Db, id: string, draft: ProjectDraft, revision: number, by: string): Promise<WriteResult> {
  return saveDraft(db, ref(id), draft, revision, by);
}

/** A slug for the title no other project uses (a published project keeps the one it has, so links stay good). */
async function chooseSlug(db: Db, id: string, project: ProjectDraft, current: Project | null): Promise<string> {
  if (current?.slug) return current.slug;
  const taken = new Set([...(await listPublished(db, PROJECT_KIND))].filter(([key, value]) => key !== id && value !== null).map(([, value]) => (value as Project).slug));
  const base = slugify(project.title);
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

export type PublishOutcome = { status: "published"; slug: string } | { status: "invalid"; issues: { path: string; message: string }[] } | { status: "conflict" };

/** Checks the project in full and publishes it. */
export async function publishProject(db: Db, id: string, draft: ProjectDraft, revision: number, by: string): Promise<PublishOutcome> {
  const doc = await getDocument(db, ref(id));
  if (!doc) return { status: "conflict" };
  const slug = await chooseSlug(db, id, draft, doc.published as Project | null);
  const parsed = ProjectSchema.safeParse({ ...draft, slug });
  if (!parsed.success) return { status: "invalid", issues: parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })) };
  const result = await publishDocument(db, ref(id), revision, by, parsed.data);
  if (!result.ok) return { status: "conflict" };
  await noteContentChanged(db);
  return { status: "published", slug };
}

export async function unpublishProject(db: Db, id: string, revision: number, by: string): Promise<boolean> {
  const result = await unpublishDocument(db, ref(id), revision, by);
  if (result.ok) await noteContentChanged(db);
  return result.ok;
}

export async function deleteProject(db: Db, id: string, by: string): Promise<void> {
  await deleteDocument(db, ref(id));
  await updateSettings(db, (settings) => ({ ...settings, order: settings.order.filter((other) => other !== id) }), by);
  await noteContentChanged(db);
}

/** Moves a project one place up or down in the owner's order. */
export async function moveProject(db: Db, id: string, direction: "up" | "down", by: string): Promise<void> {
  const ids = (await listProjectsForAdmin(db)).map((project) => project.id);
  const from = ids.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  await updateSettings(db, (settings) => ({ ...settings, order: ids }), by);
  await noteContentChanged(db);
}

export async function setPriceGuide(db: Db, on: boolean, by: string): Promise<void> {
  await updateSettings(db, (settings) => ({ ...settings, priceGuide: on }), by);
  await noteContentChanged(db);
}
