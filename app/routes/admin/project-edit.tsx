import { useRef } from "react";
import { Form, Link, data, redirect } from "react-router";
import type { PickablePhoto } from "~/components/content/content-field";
import { EditorActions } from "~/components/content/editor-action-bar";
import { EditorNotices } from "~/components/content/editor-notices";
import { useContentAutosave } from "~/components/content/use-content-autosave";
import { LinkedReviewField, ProjectFactsFields } from "~/components/projects/project-facts-fields";
import { ProjectPhotoFields } from "~/components/projects/project-photo-fields";
import { ProjectPhotoUpload, UploadForm } from "~/components/projects/project-photo-upload";
import { toGalleryPhotos } from "~/lib/gallery-photo";
import { firstEmptyTarget, photoTargets } from "~/lib/projects/place-photo";
import { PROJECT_FIELD_LABELS, type ProjectDraft } from "~/lib/projects/project";
import { requireAdmin, requireAdminPage } from "~/server/auth/guards.server";
import { listPickablePhotos, listPickedImages } from "~/server/content/pickable-photos.server";
import { getPublishedContent } from "~/server/content/site-content.server";
import { listCategories } from "~/server/db/categories.server";
import { getDb } from "~/server/db/client.server";
import { listLinkableReviews } from "~/server/projects/linked-review.server";
import { handleProjectPost } from "~/server/projects/project-editor.server";
import { readUploadPost, uploadCategoryChoices } from "~/server/projects/project-photo-upload.server";
import { emptyProject, getProjectDocument } from "~/server/projects/projects.server";
import type { Route } from "./+types/project-edit";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.project.title || "New project"}: edit` }, { name: "robots", content: "noindex" }];
}

const DONE = {
  saved: "Draft saved.",
  published: "Published: the project page shows it now.",
  unpublished: "Taken down: the project is a draft again.",
  restored: "That version is now your draft. Publish it to make it live.",
  uploaded: "Photo uploaded and placed in the project (and in its gallery category). Publish to show it.",
} as const;
const notFound = () => new Response("Not Found", { status: 404, statusText: "Not Found" });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const db = getDb();
  const doc = await getProjectDocument(db, params.id);
  if (!doc) throw notFound();
  const project = { ...emptyProject(), ...((doc.draft ?? doc.published) as ProjectDraft) };
  // The newest gallery photos, and any older ones the project already uses.
  const pickable = await listPickablePhotos(db);
  const known = new Set(pickable.map((photo) => photo.id));
  const used = [...project.pairs.flatMap((pair) => [pair.before, pair.after]), ...project.photos.map((photo) => photo.id)].filter((id) => id && !known.has(id));
  const older = toGalleryPhotos([...(await listPickedImages(db, used, { withProcessing: true })).values()]);
  const photos: PickablePhoto[] = [...pickable, ...older.map(({ id, alt, src, srcSet, width, height }) => ({ id, alt, src, srcSet, width, height }))];
  const services = getPublishedContent().services.map((service) => ({ id: service.id, name: service.name }));
  const done = new URL(request.url).searchParams.get("done");
  return {
    id: doc.key,
    project,
    revision: doc.revision,
    published: doc.published !== null,
    slug: (doc.published as ProjectDraft | null)?.slug ?? "",
    hasDraft: doc.draft !== null,
    demo: false,
    draftSavedAt: doc.draftUpdatedAt,
    draftSavedBy: doc.draftUpdatedBy,
    publishedAt: doc.publishedAt,
    publishedBy: doc.publishedBy,
    services,
    photos,
    uploadCategories: uploadCategoryChoices(await listCategories(db), services.find((service) => service.id === project.serviceId)?.name ?? ""),
    reviews: await listLinkableReviews(db),
    done: done !== null && Object.hasOwn(DONE, done) ? DONE[done as keyof typeof DONE] : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const by = user.name || user.email;
  // Without JavaScript the upload form is a multipart post with the photo; everything else is a plain form.
  const multipart = /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");
  const upload = multipart ? await readUploadPost(request) : null;
  try {
    const form = upload ? upload.form : await request.formData();
    if (upload?.problem) return data({ status: "upload-failed" as const, message: upload.problem }, { status: 400 });
    const outcome = await handleProjectPost(getDb(), params.id, form, by, upload?.received);
    switch (outcome.status) {
      case "not-found":
        throw notFound();
      case "invalid":
      case "upload-failed":
        return data(outcome, { status: 400 });
      case "conflict":
        return data(outcome, { status: 409 });
      default:
        throw redirect(`/manage/projects/${params.id}?done=${outcome.status}`);
    }
  } finally {
    await upload?.cleanup();
  }
}

export default function ProjectEdit({ loaderData, actionData }: Route.ComponentProps) {
  // A new revision (saved, published, restored, or another admin's met in a conflict) starts the form afresh.
  const conflictRevision = actionData?.status === "conflict" ? actionData.revision : "";
  return <Editor key={`${loaderData.revision}-${conflictRevision}`} loaderData={loaderData} actionData={actionData} />;
}

function Editor({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { id, published, slug } = loaderData;
  const formRef = useRef<HTMLFormElement>(null);
  const returned = actionData && "project" in actionData ? actionData : actionData?.status === "conflict" ? { project: actionData.values, revision: actionData.revision } : null;
  const project = returned?.project ?? loaderData.project;
  const autosave = useContentAutosave(formRef, {
    docKey: `project:${id}`,
    autosaveUrl: `/manage/projects/${id}/autosave`,
    revision: returned?.revision ?? loaderData.revision,
    draftSavedAt: loaderData.draftSavedAt,
  });
  const issues = actionData?.status === "invalid" ? actionData.issues : [];
  const errorFor = (name: string) => issues.find((issue) => issue.path === name)?.message;
  const conflict = autosave.conflict ?? (actionData?.status === "conflict" ? actionData.theirs : null);
  return (
    <div className="project-editor content-editor">
      <p className="mb-1">
        <Link to="/manage/projects">All projects</Link>
      </p>
      <h1 className="h2">{project.title || "New project"}</h1>
      <p>
        {published ? (
          <>
            Published at <Link to={`/projects/${slug}`}>{`/projects/${slug}`}</Link>
            {loaderData.hasDraft ? " (with unpublished changes)" : ""}.
          </>
        ) : (
          "A draft: visitors cannot see it until you publish it."
        )}
      </p>
      <EditorNotices
        loaderData={{ ...loaderData, done: actionData ? null : loaderData.done }}
        errors={[]}
        conflict={conflict}
        autosave={autosave}
        listName="the Projects list"
      />
      {actionData?.status === "upload-failed" ? (
        <p className="alert alert-danger" role="alert" data-testid="upload-failed">
          The photo was not uploaded: {actionData.message}
        </p>
      ) : null}
      {issues.length > 0 ? (
        <div className="alert alert-danger" role="alert">
          <p className="mb-1">Saved as a draft. Before it can be published:</p>
          <ul className="mb-0">
            {issues.map((issue) => (
              <li key={`${issue.path}-${issue.message}`}>{PROJECT_FIELD_LABELS[issue.path] ? `${PROJECT_FIELD_LABELS[issue.path]}: ${issue.message}` : issue.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" ref={formRef} noValidate className="content-form" aria-label="Edit project">
        <input type="hidden" name="revision" value={autosave.revision} />
        <ProjectFactsFields project={project} services={loaderData.services} errorFor={errorFor} />
        <ProjectPhotoFields
          project={project}
          photos={loaderData.photos}
          upload={<ProjectPhotoUpload categories={loaderData.uploadCategories} targets={photoTargets(project)} chosenTarget={firstEmptyTarget(project)} projectId={id} saveFirst={() => (autosave.status.state === "changed" ? autosave.save() : Promise.resolve())} />}
        />
        <LinkedReviewField reviewId={project.reviewId} reviews={loaderData.reviews} />
        <EditorActions
          status={autosave.status}
          historyHref={`/manage/projects/${id}/history`}
          more={
            published ? (
              <button type="submit" name="intent" value="unpublish" className="btn btn-outline-danger">
                Unpublish
              </button>
            ) : null
          }
        >
          <button type="submit" name="intent" value="save" className="btn btn-outline-primary">
            Save draft
          </button>
          <button type="submit" name="intent" value="publish" className="btn btn-primary">
            Publish
          </button>
        </EditorActions>
      </Form>
      <UploadForm action={`/manage/projects/${id}`} revision={autosave.revision} />
      <p className="small text-body-secondary mt-2">Project {id}</p>
    </div>
  );
}
