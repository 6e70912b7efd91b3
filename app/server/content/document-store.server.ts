import { v7 as uuidv7 } from "uuid";
import type { Db } from "../db/client.server";
import type { ContentDocumentTable } from "../db/schema.server";
import { changedFields } from "./changed-fields.server";

/**
 * Drafts, publishing and history for any edited content, by kind and key (the site's parts are kind "site"; other
 * features bring their own kinds). The store knows nothing of what the JSON means: callers validate before saving.
 *
 * Every write raises the document's revision, and every write names the revision it started from: a save made on
 * a stale copy (another admin saved in between) is refused with the current state, never applied over it.
 */

/** Versions kept per document; older ones are deleted as new ones arrive. */
export const KEEP_VERSIONS = 100;

export type ContentDocument = {
  kind: string;
  key: string;
  published: unknown;
  draft: unknown;
  revision: number;
  draftUpdatedAt: string | null;
  draftUpdatedBy: string | null;
  publishedAt: string | null;
  publishedBy: string | null;
};

export type ContentVersion = { id: string; reason: string; data: unknown; changedFields: string[]; createdAt: string; createdBy: string | null };

export type WriteResult = { ok: true; revision: number } | { ok: false; current: ContentDocument | null };

type Ref = { kind: string; key: string };

/** Runs `work` in a transaction, or in the caller's when there is one already (Kysely does not nest them). */
function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

function toDocument(row: ContentDocumentTable): ContentDocument {
  return {
    kind: row.kind,
    key: row.key,
    published: row.published === null ? null : JSON.parse(row.published),
    draft: row.draft === null ? null : JSON.parse(row.draft),
    revision: Number(row.revision),
    draftUpdatedAt: row.draftUpdatedAt,
    draftUpdatedBy: row.draftUpdatedBy,
    publishedAt: row.publishedAt,
    publishedBy: row.publishedBy,
  };
}

export async function getDocument(db: Db, { kind, key }: Ref): Promise<ContentDocument | null> {
  const row = await db.selectFrom("contentDocument").selectAll().where("kind", "=", kind).where("key", "=", key).executeTakeFirst();
  return row ? toDocument(row) : null;
}

export async function listDocuments(db: Db, kind: string): Promise<ContentDocument[]> {
  const rows = await db.selectFrom("contentDocument").selectAll().where("kind", "=", kind).orderBy("key").execute();
  return rows.map(toDocument);
}

/** The published JSON of every document of a kind, by key: what public pages read. */
export async function listPublished(db: Db, kind: string): Promise<Map<string, unknown>> {
  const rows = await db.selectFrom("contentDocument").select(["key", "published"]).where("kind", "=", kind).where("published", "is not", null).execute();
  return new Map(rows.map((row) => [row.key, JSON.parse(row.published!)]));
}

/** Whether any document of a kind is published (one indexed row read: the navbar asks on every page). */
export async function hasPublished(db: Db, kind: string): Promise<boolean> {
  const row = await db.selectFrom("contentDocument").select("key").where("kind", "=", kind).where("published", "is not", null).limit(1).executeTakeFirst();
  return row !== undefined;
}

async function addVersion(db: Db, ref: Ref, reason: string, data: unknown, previous: unknown, by: string | null): Promise<void> {
  await db
    .insertInto("contentDocumentVersion")
    .values({
      id: uuidv7(),
      kind: ref.kind,
      key: ref.key,
      reason,
      data: JSON.stringify(data),
      changedFields: JSON.stringify(previous === undefined ? [] : changedFields(previous, data)),
      createdAt: new Date().toISOString(),
      createdBy: by,
    })
    .execute();
  const stale = await db
    .selectFrom("contentDocumentVersion")
    .select("id")
    .where("kind", "=", ref.kind)
    .where("key", "=", ref.key)
    .orderBy("id", "desc")
    .offset(KEEP_VERSIONS)
    .limit(1000)
    .execute();
  if (stale.length > 0) await db.deleteFrom("contentDocumentVersion").where("id", "in", stale.map((row) => row.id)).execute();
}

/**
 * Makes a document with its first published content unless it exists (the seed on first start). Returns whether
 * it was made. `by` null marks content nobody has published yet (the editor calls it demo content).
 */
export async function createDocument(db: Db, ref: Ref, published: unknown, by: string | null): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .insertInto("contentDocument")
      .values({ ...ref, published: JSON.stringify(published), draft: null, revision: 1, createdAt: new Date().toISOString(), publishedAt: null, publishedBy: by })
      .onConflict((oc) => oc.columns(["kind", "key"]).doNothing())
      .executeTakeFirst();
    const made = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    if (made) await addVersion(trx, ref, by === null ? "seed" : "import", published, undefined, by);
    return made;
  });
}

/** Updates the document if it is still at `revision`; otherwise reports its current state. */
async function writeAt(db: Db, ref: Ref, revision: number, values: Partial<ContentDocumentTable>): Promise<WriteResult> {
  const result = await db
    .updateTable("contentDocument")
    .set({ ...values, revision: revision + 1 })
    .where("kind", "=", ref.kind)
    .where("key", "=", ref.key)
    .where("revision", "=", revision)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return { ok: true, revision: revision + 1 };
  return { ok: false, current: await getDocument(db, ref) };
}

export function saveDraft(db: Db, ref: Ref, data: unknown, revision: number, by: string): Promise<WriteResult> {
  return writeAt(db, ref, revision, { draft: JSON.stringify(data), draftUpdatedAt: new Date().toISOString(), draftUpdatedBy: by });
}

export function discardDraft(db: Db, ref: Ref, revision: number): Promise<WriteResult> {
  return writeAt(db, ref, revision, { draft: null, draftUpdatedAt: null, draftUpdatedBy: null });
}

/**
 * Makes the draft (or `data`, when the caller has just checked a new one) the published content, and keeps it as
 * a version with the fields that changed.
 */
export function publishDocument(db: Db, ref: Ref, revision: number, by: string, data?: unknown): Promise<WriteResult> {
  return inTransaction(db, async (trx) => {
    const current = await getDocument(trx, ref);
    if (!current || current.revision !== revision) return { ok: false, current };
    const next = data ?? current.draft ?? current.published;
    const result = await writeAt(trx, ref, revision, {
      published: JSON.stringify(next),
      draft: null,
      draftUpdatedAt: null,
      draftUpdatedBy: null,
      publishedAt: new Date().toISOString(),
      publishedBy: by,
    });
    if (result.ok) await addVersion(trx, ref, "publish", next, current.published ?? undefined, by);
    return result;
  });
}

/** Makes an old version the draft; a draft in progress that differs from it is kept as a version first. */
export function restoreVersion(db: Db, ref: Ref, versionId: string, revision: number, by: string): Promise<WriteResult | null> {
  return inTransaction(db, async (trx) => {
    const version = await getVersion(trx, ref, versionId);
    if (!version) return null;
    const current = await getDocument(trx, ref);
    if (!current || current.revision !== revision) return { ok: false, current };
    if (current.draft !== null && JSON.stringify(current.draft) !== JSON.stringify(version.data)) {
      await addVersion(trx, ref, "draft", current.draft, current.published ?? undefined, current.draftUpdatedBy);
    }
    return writeAt(trx, ref, revision, { draft: JSON.stringify(version.data), draftUpdatedAt: new Date().toISOString(), draftUpdatedBy: by });
  });
}

/** Replaces the published content whatever the revision (an import from a file); any draft is kept as a version. */
export function replacePublished(db: Db, ref: Ref, data: unknown, by: string | null): Promise<void> {
  return inTransaction(db, async (trx) => {
    const current = await getDocument(trx, ref);
    if (!current) {
      await createDocument(trx, ref, data, by);
      return;
    }
    if (current.draft !== null) await addVersion(trx, ref, "draft", current.draft, current.published ?? undefined, current.draftUpdatedBy);
    await trx
      .updateTable("contentDocument")
      .set({ published: JSON.stringify(data), draft: null, draftUpdatedAt: null, draftUpdatedBy: null, revision: current.revision + 1, publishedAt: new Date().toISOString(), publishedBy: by })
      .where("kind", "=", ref.kind)
      .where("key", "=", ref.key)
      .execute();
    await addVersion(trx, ref, "import", data, current.published ?? undefined, by);
  });
}

export async function listVersions(db: Db, ref: Ref, limit = KEEP_VERSIONS): Promise<ContentVersion[]> {
  const rows = await db
    .selectFrom("contentDocumentVersion")
    .selectAll()
    .where("kind", "=", ref.kind)
    .where("key", "=", ref.key)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, reason: row.reason, data: JSON.parse(row.data), changedFields: JSON.parse(row.changedFields), createdAt: row.createdAt, createdBy: row.createdBy }));
}

/** What a history page lists: the document's revision (for Restore), whether it has a draft, its versions. */
export async function getDocumentHistory(db: Db, ref: Ref) {
  const doc = await getDocument(db, ref);
  if (!doc) return null;
  const versions = await listVersions(db, ref);
  return {
    revision: doc.revision,
    hasDraft: doc.draft !== null,
    versions: versions.map(({ id, reason, changedFields, createdAt, createdBy }) => ({ id, reason, changedFields, createdAt, createdBy })),
  };
}

export async function getVersion(db: Db, ref: Ref, id: string): Promise<ContentVersion | null> {
  const row = await db.selectFrom("contentDocumentVersion").selectAll().where("id", "=", id).where("kind", "=", ref.kind).where("key", "=", ref.key).executeTakeFirst();
  return row ? { id: row.id, reason: row.reason, data: JSON.parse(row.data), changedFields: JSON.parse(row.changedFields), createdAt: row.createdAt, createdBy: row.createdBy } : null;
}

/** Makes a document that has only a draft, nothing published yet (a new project). Returns false if the key exists. */
export async function createDraftDocument(db: Db, ref: Ref, draft: unknown, by: string): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .insertInto("contentDocument")
    .values({ ...ref, published: null, draft: JSON.stringify(draft), revision: 1, createdAt: now, draftUpdatedAt: now, draftUpdatedBy: by, publishedAt: null, publishedBy: null })
    .onConflict((oc) => oc.columns(["kind", "key"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes the published content down, keeping it as the draft unless a newer draft is there. */
export function unpublishDocument(db: Db, ref: Ref, revision: number, by: string): Promise<WriteResult> {
  return inTransaction(db, async (trx) => {
    const current = await getDocument(trx, ref);
    if (!current || current.revision !== revision) return { ok: false, current };
    const draft = current.draft ?? current.published;
    return writeAt(trx, ref, revision, { published: null, publishedAt: null, publishedBy: null, draft: JSON.stringify(draft), draftUpdatedAt: new Date().toISOString(), draftUpdatedBy: by });
  });
}

/** Deletes a document and its history. */
export function deleteDocument(db: Db, ref: Ref): Promise<void> {
  return inTransaction(db, async (trx) => {
    await trx.deleteFrom("contentDocumentVersion").where("kind", "=", ref.kind).where("key", "=", ref.key).execute();
    await trx.deleteFrom("contentDocument").where("kind", "=", ref.kind).where("key", "=", ref.key).execute();
  });
}
