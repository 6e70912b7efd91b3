import { SITE_DOCUMENTS, SITE_KIND, type SiteDocumentKey } from "~/lib/content/documents";
import { EDITOR_FIELDS } from "~/lib/content/editor-fields";
import { type FieldError, applyForm, changeStructure, describeIssues, fieldLabels, parseStructureChange, type FormSource } from "~/lib/content/editor-form";
import type { Db } from "../db/client.server";
import { noteContentChanged } from "../pages/page-freshness.server";
import { changedFields } from "./changed-fields.server";
import { type ContentDocument, discardDraft, getDocument, publishDocument, restoreVersion, saveDraft } from "./document-store.server";
import { reloadPublishedContent } from "./site-content.server";

/**
 * What the content editor's posts do, for the page's plain form posts and the autosave alike: read the form onto
 * the document it was made from, apply a list change (add, move, delete), check the whole document with its schema,
 * and write it at the revision the form was made from. Nothing is written when the check fails, and a write on a
 * stale revision is refused with the other version, so nothing is ever overwritten unseen.
 */

export type EditorOutcome =
  | { status: "saved" | "published" | "discarded" | "restored"; revision: number; at: string }
  | { status: "invalid"; errors: FieldError[]; values: unknown; revision: number }
  | { status: "conflict"; values: unknown; revision: number; theirs: Conflict }
  | { status: "not-found" };

/** The version another admin saved meanwhile, as the editor shows it beside one's own. */
export type Conflict = { by: string | null; at: string | null; revision: number; values: unknown; fields: { label: string; theirs: string; mine: string }[] };

export const EDITOR_INTENTS = ["save", "preview", "publish", "discard", "restore"] as const;

export async function handleContentPost(db: Db, key: SiteDocumentKey, form: FormSource, by: string): Promise<EditorOutcome> {
  const ref = { kind: SITE_KIND, key };
  const doc = await getDocument(db, ref);
  if (!doc) return { status: "not-found" };
  const intent = String(form.get("intent") ?? "save");
  const revision = Number(form.get("revision"));
  const now = () => new Date().toISOString();
  const fields = EDITOR_FIELDS[key];

  if (intent === "discard") {
    const result = await discardDraft(db, ref, revision);
    return result.ok ? { status: "discarded", revision: result.revision, at: now() } : conflictWith(result.current ?? doc, doc.draft ?? doc.published, key);
  }
  if (intent === "restore") {
    const result = await restoreVersion(db, ref, String(form.get("version") ?? ""), revision, by);
    if (!result) return { status: "not-found" };
    return result.ok ? { status: "restored", revision: result.revision, at: now() } : conflictWith(result.current ?? doc, doc.draft ?? doc.published, key);
  }

  let values = applyForm(fields, doc.draft ?? doc.published, form);
  const change = parseStructureChange(intent);
  if (change) values = changeStructure(fields, values, change) ?? values;
  const parsed = SITE_DOCUMENTS[key].schema.safeParse(values);
  if (!parsed.success) return { status: "invalid", errors: describeIssues(fields, values, parsed.error.issues), values, revision };

  if (intent === "publish") {
    const result = await publishDocument(db, ref, revision, by, parsed.data);
    if (!result.ok) return conflictWith(result.current ?? doc, values, key);
    // This instance shows it from the next request; the others read it at their next poll (page-freshness).
    await reloadPublishedContent(db);
    await noteContentChanged(db);
    return { status: "published", revision: result.revision, at: now() };
  }
  const result = await saveDraft(db, ref, parsed.data, revision, by);
  return result.ok ? { status: "saved", revision: result.revision, at: now() } : conflictWith(result.current ?? doc, values, key);
}

function conflictWith(current: ContentDocument, mine: unknown, key: SiteDocumentKey): EditorOutcome {
  const theirs = current.draft ?? current.published;
  const labels = fieldLabels(EDITOR_FIELDS[key], theirs);
  const show = (value: unknown) => (value === undefined ? "(empty)" : typeof value === "string" ? value : JSON.stringify(value, null, 1));
  const fields = changedFields(theirs, mine).map((name) => {
    const id = name.replace(/ \((added|removed)\)$/, "");
    const index = Array.isArray(theirs) ? theirs.findIndex((item: { id?: string }) => item?.id === id) : -1;
    const pick = (value: unknown) => (Array.isArray(value) ? value.find((item: { id?: string }) => item?.id === id) : (value as Record<string, unknown> | null)?.[name]);
    return { label: labels.get(index >= 0 ? String(index) : name) ?? name, theirs: show(pick(theirs)), mine: show(pick(mine)) };
  });
  return {
    status: "conflict",
    values: mine,
    revision: current.revision,
    theirs: { by: current.draftUpdatedBy ?? current.publishedBy, at: current.draftUpdatedAt ?? current.publishedAt, revision: current.revision, values: theirs, fields },
  };
}
