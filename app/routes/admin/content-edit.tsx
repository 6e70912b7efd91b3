import { useRef } from "react";
import { Form, Link, data, redirect } from "react-router";
import { ContentFields } from "~/components/content/content-fields";
import { EditorActionBar } from "~/components/content/editor-action-bar";
import { EditorNotices } from "~/components/content/editor-notices";
import { useContentAutosave } from "~/components/content/use-content-autosave";
import { SITE_DOCUMENTS, SITE_KIND, isSiteDocumentKey } from "~/lib/content/documents";
import { EDITOR_FIELDS } from "~/lib/content/editor-fields";
import { requireAdmin, requireAdminPage } from "~/server/auth/guards.server";
import { handleContentPost } from "~/server/content/content-editor.server";
import { getDocument } from "~/server/content/document-store.server";
import { listPickablePhotos } from "~/server/content/pickable-photos.server";
import { getPublishedContent } from "~/server/content/site-content.server";
import { getDb } from "~/server/db/client.server";
import { getEnv } from "~/server/env.server";
import type { Route } from "./+types/content-edit";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.label ?? "Content"}: edit` }, { name: "robots", content: "noindex" }];
}

const DONE = { saved: "Draft saved.", published: "Published: the site shows it now.", discarded: "Draft discarded: the editor shows what is published.", restored: "That version is now your draft. Publish it to make it live." } as const;

function requireKey(key: string) {
  if (!isSiteDocumentKey(key)) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return key;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const key = requireKey(params.doc);
  const db = getDb();
  const doc = await getDocument(db, { kind: SITE_KIND, key });
  if (!doc) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const done = new URL(request.url).searchParams.get("done");
  const fields = EDITOR_FIELDS[key];
  const wantsPhotos = JSON.stringify(fields, (_k, v: unknown) => (typeof v === "function" ? undefined : v)).includes('"photos"');
  return {
    key,
    label: SITE_DOCUMENTS[key].label,
    doc: doc.draft ?? doc.published,
    hasDraft: doc.draft !== null,
    demo: doc.publishedBy === null,
    revision: doc.revision,
    draftSavedAt: doc.draftUpdatedAt,
    draftSavedBy: doc.draftUpdatedBy,
    publishedAt: doc.publishedAt,
    publishedBy: doc.publishedBy,
    previewPath: SITE_DOCUMENTS[key].pages[0],
    pageUrl: getEnv().publicUrl + SITE_DOCUMENTS[key].pages[0],
    business: getPublishedContent().business,
    photos: wantsPhotos ? await listPickablePhotos(db) : [],
    done: done !== null && Object.hasOwn(DONE, done) ? DONE[done as keyof typeof DONE] : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const key = requireKey(params.doc);
  const form = await request.formData();
  const outcome = await handleContentPost(getDb(), key, form, user.name || user.email);
  switch (outcome.status) {
    case "not-found":
      throw new Response("Not Found", { status: 404, statusText: "Not Found" });
    case "invalid":
      return data(outcome, { status: 400 });
    case "conflict":
      return data(outcome, { status: 409 });
    case "saved":
      if (form.get("intent") === "preview-widths") throw redirect(`/manage/content/${key}/preview`);
      if (form.get("intent") === "preview") throw redirect(`${SITE_DOCUMENTS[key].pages[0]}?preview=1`);
      if (form.get("intent") === "save") throw redirect(`/manage/content/${key}?done=saved`);
      // A list change (add, move, delete): back to the same place of the form.
      throw redirect(`/manage/content/${key}`);
    default:
      throw redirect(`/manage/content/${key}?done=${outcome.status}`);
  }
}

export default function ContentEdit({ loaderData, actionData }: Route.ComponentProps) {
  // A new revision (saved, published, restored, or another admin's met in a conflict) starts the form afresh.
  const conflictRevision = actionData?.status === "conflict" ? actionData.revision : "";
  return <Editor key={`${loaderData.revision}-${conflictRevision}`} loaderData={loaderData} actionData={actionData} />;
}

function Editor({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { key, label, previewPath } = loaderData;
  const formRef = useRef<HTMLFormElement>(null);
  const refused = actionData?.status === "invalid" || actionData?.status === "conflict" ? actionData : null;
  const doc = refused ? refused.values : loaderData.doc;
  const startRevision = refused ? refused.revision : loaderData.revision;
  const autosave = useContentAutosave(formRef, { docKey: key, revision: startRevision, draftSavedAt: loaderData.draftSavedAt });
  const errors = actionData?.status === "invalid" ? actionData.errors : [];
  const conflict = autosave.conflict ?? (actionData?.status === "conflict" ? actionData.theirs : null);
  return (
    <div className="content-editor">
      <p className="mb-1">
        <Link to="/manage/content">All content</Link>
      </p>
      <h1 className="h2">{label}</h1>
      <EditorNotices
        loaderData={loaderData}
        errors={errors}
        conflict={conflict}
        autosave={autosave}
      />
      <Form method="post" ref={formRef} noValidate className="content-form" aria-label={`Edit: ${label}`}>
        <input type="hidden" name="revision" value={autosave.revision} />
        <ContentFields
          fields={EDITOR_FIELDS[key]}
          doc={doc}
          prefix=""
          context={{ errors: Object.fromEntries(errors.map((e) => [e.path, e.message])), photos: loaderData.photos, business: loaderData.business, pageUrl: loaderData.pageUrl }}
        />
        <EditorActionBar docKey={key} previewPath={previewPath} hasDraft={loaderData.hasDraft} status={autosave.status} />
      </Form>
    </div>
  );
}

