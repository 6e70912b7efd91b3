import { Form, Link, data, redirect } from "react-router";
import { PhotoPicker, type PickablePhoto } from "~/components/content/content-field";
import { toGalleryPhotos } from "~/lib/gallery-photo";
import { PROJECT_LIMITS, type ProjectDraft } from "~/lib/projects/project";
import { requireAdmin, requireAdminPage } from "~/server/auth/guards.server";
import { listPickablePhotos } from "~/server/content/pickable-photos.server";
import { getPublishedContent } from "~/server/content/site-content.server";
import { getDb } from "~/server/db/client.server";
import { listPickedImages } from "~/server/content/pickable-photos.server";
import { listLinkableReviews } from "~/server/projects/linked-review.server";
import { readProjectForm } from "~/server/projects/project-form.server";
import { emptyProject, getProjectDocument, publishProject, saveProjectDraft, unpublishProject } from "~/server/projects/projects.server";
import { FormAnswer } from "~/components/forms/form-answer";
import type { Route } from "./+types/project-edit";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.project.title || "New project"}: edit` }, { name: "robots", content: "noindex" }];
}

const DONE = { saved: "Draft saved.", published: "Published: the project page shows it now.", unpublished: "Taken down: the project is a draft again." } as const;
const notFound = () => new Response("Not Found", { status: 404, statusText: "Not Found" });

function photoIds(project: ProjectDraft): string[] {
  return [...project.pairs.flatMap((pair) => [pair.before, pair.after]), ...project.photos.map((photo) => photo.id)].filter(Boolean);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const db = getDb();
  const doc = await getProjectDocument(db, params.id);
  if (!doc) throw notFound();
  const project = { ...emptyProject(), ...((doc.draft ?? doc.published) as ProjectDraft) };
  // The newest gallery photos, and any older ones the project already uses.
  const pickable = await listPickablePhotos(db);
  const known = new Set(pickable.map((photo) => photo.id));
  const older = toGalleryPhotos([...(await listPickedImages(db, photoIds(project).filter((id) => !known.has(id)))).values()]);
  const photos: PickablePhoto[] = [...pickable, ...older.map(({ id, alt, src, srcSet, width, height }) => ({ id, alt, src, srcSet, width, height }))];
  const done = new URL(request.url).searchParams.get("done");
  return {
    id: doc.key,
    project,
    revision: doc.revision,
    published: doc.published !== null,
    slug: (doc.published as ProjectDraft | null)?.slug ?? "",
    hasDraft: doc.draft !== null,
    services: getPublishedContent().services.map((service) => ({ id: service.id, name: service.name })),
    photos,
    reviews: await listLinkableReviews(db),
    done: done !== null && Object.hasOwn(DONE, done) ? DONE[done as keyof typeof DONE] : null,
  };
}

/** Empty alt texts take the gallery photo's title or caption, so a photo is never published without one. */
async function fillAltTexts(project: ProjectDraft): Promise<ProjectDraft> {
  const alts = new Map(toGalleryPhotos([...(await listPickedImages(getDb(), photoIds(project))).values()]).map((photo) => [photo.id, photo.alt]));
  const alt = (id: string, given: string) => given || (id ? (alts.get(id) ?? "") : "");
  return {
    ...project,
    pairs: project.pairs.map((pair) => ({ ...pair, beforeAlt: alt(pair.before, pair.beforeAlt), afterAlt: alt(pair.after, pair.afterAlt) })),
    photos: project.photos.map((photo) => ({ ...photo, alt: alt(photo.id, photo.alt) })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const db = getDb();
  const doc = await getProjectDocument(db, params.id);
  if (!doc) throw notFound();
  const by = user.name || user.email;
  const form = await request.formData();
  const revision = Number(form.get("revision"));
  const intent = form.get("intent");
  const conflict = { status: "conflict" as const, message: "Someone else saved this project meanwhile: reload the page to see their version." };
  if (intent === "unpublish") {
    if (!(await unpublishProject(db, doc.key, revision, by))) return data(conflict, { status: 409 });
    throw redirect(`/manage/projects/${doc.key}?done=unpublished`);
  }
  const current = { ...emptyProject(), ...((doc.draft ?? doc.published) as ProjectDraft) };
  const draft = await fillAltTexts(readProjectForm(form, current));
  if (intent === "publish") {
    const outcome = await publishProject(db, doc.key, draft, revision, by);
    if (outcome.status === "invalid") {
      // Keep what was typed as the draft, so nothing is lost, and say what publishing needs.
      const saved = await saveProjectDraft(db, doc.key, draft, revision, by);
      return data({ status: "invalid" as const, issues: outcome.issues, project: draft, revision: saved.ok ? saved.revision : revision }, { status: 400 });
    }
    if (outcome.status === "conflict") return data(conflict, { status: 409 });
    throw redirect(`/manage/projects/${doc.key}?done=published`);
  }
  if (intent !== "save") return data({ status: "invalid" as const, issues: [{ path: "", message: "That request was not understood." }], project: draft, revision }, { status: 400 });
  const saved = await saveProjectDraft(db, doc.key, draft, revision, by);
  if (!saved.ok) return data(conflict, { status: 409 });
  throw redirect(`/manage/projects/${doc.key}?done=saved`);
}

const FIELD_LABELS: Record<string, string> = { title: "Title", serviceId: "Service", town: "Town", month: "Month", costFrom: "Cost from", costTo: "Cost to", story: "Story" };

export default function ProjectEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { id, services, photos, published, slug } = loaderData;
  const project = actionData?.status === "invalid" ? actionData.project : loaderData.project;
  const issues = actionData?.status === "invalid" ? actionData.issues : [];
  const errorFor = (name: string) => issues.find((issue) => issue.path === name)?.message;
  const revision = actionData?.status === "invalid" ? actionData.revision : loaderData.revision;
  // One empty pair more than there are, so a pair can be added without script: fill it and save.
  const pairSlots = project.pairs.length < PROJECT_LIMITS.pairs ? [...project.pairs, { before: "", after: "", beforeAlt: "", afterAlt: "" }] : project.pairs;
  const chosenPhotos = project.photos;
  return (
    <div className="project-editor content-editor" key={revision}>
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
      <FormAnswer boxed answer={loaderData.done && !actionData ? { ok: true, message: loaderData.done } : null} />
      {actionData?.status === "conflict" ? (
        <p className="alert alert-danger" role="alert">
          {actionData.message}
        </p>
      ) : null}
      {issues.length > 0 ? (
        <div className="alert alert-danger" role="alert">
          <p className="mb-1">Saved as a draft. Before it can be published:</p>
          <ul className="mb-0">
            {issues.map((issue) => (
              <li key={`${issue.path}-${issue.message}`}>{FIELD_LABELS[issue.path] ? `${FIELD_LABELS[issue.path]}: ${issue.message}` : issue.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" noValidate className="content-form" aria-label="Edit project">
        <input type="hidden" name="revision" value={revision} />
        <TextInput name="title" label="Title" value={project.title} max={PROJECT_LIMITS.title} error={errorFor("title")} />
        <div className="mb-3">
          <label htmlFor="project-serviceId" className="form-label">
            Service
          </label>
          <select id="project-serviceId" name="serviceId" className={`form-select${errorFor("serviceId") ? " is-invalid" : ""}`} defaultValue={project.serviceId}>
            <option value="">Choose…</option>
            {services.map((service) => (
              <option key={service.id} value={service.id}>
                {service.name}
              </option>
            ))}
          </select>
          <FieldError name="serviceId" error={errorFor("serviceId")} />
        </div>
        <TextInput name="town" label="Town" value={project.town} max={PROJECT_LIMITS.town} error={errorFor("town")} hint="The town or village only, never the street: the page is public." />
        <div className="row g-2">
          <div className="col-sm-6">
            <TextInput name="month" label="Month" type="month" value={project.month} max={7} error={errorFor("month")} hint="Month and year the job was done (YYYY-MM)." />
          </div>
          <div className="col-sm-6">
            <TextInput name="duration" label="How long it took" value={project.duration} max={PROJECT_LIMITS.duration} error={errorFor("duration")} hint="For example “3 days” (optional)." />
          </div>
          <div className="col-6">
            <TextInput name="costFrom" label="Cost from" value={project.costFrom === null ? "" : String(project.costFrom)} max={10} inputMode="numeric" error={errorFor("costFrom")} hint="Pounds (optional)" />
          </div>
          <div className="col-6">
            <TextInput name="costTo" label="Cost to" value={project.costTo === null ? "" : String(project.costTo)} max={10} inputMode="numeric" error={errorFor("costTo")} hint="Pounds (optional)" />
          </div>
        </div>
        <div className="mb-3">
          <label htmlFor="project-story" className="form-label">
            Story
          </label>
          <textarea id="project-story" name="story" className={`form-control${errorFor("story") ? " is-invalid" : ""}`} rows={8} defaultValue={project.story} aria-describedby="project-story-hint" />
          <div id="project-story-hint" className="form-text">
            What the job was and how it went. **bold**, *italic*, [links](https://…) and lists; an empty line starts a new paragraph. At most {PROJECT_LIMITS.story} characters.
          </div>
          <FieldError name="story" error={errorFor("story")} />
        </div>

        <h2 className="h4 mt-4">Before and after</h2>
        <p className="form-text">Pick a before photo and an after photo of the same view. Save to get room for another pair.</p>
        {pairSlots.map((pair, index) => (
          <fieldset key={index} className="border rounded p-2 mb-3">
            <legend className="fs-6 fw-semibold float-none w-auto px-1">Pair {index + 1}</legend>
            {(["before", "after"] as const).map((side) => (
              <div key={side}>
                <PhotoPicker
                  spec={{ kind: "photos", name: `pair-${index}-${side}`, label: side === "before" ? "Before" : "After", maxItems: 1 }}
                  path={`pair-${index}-${side}`}
                  id={`pair-${index}-${side}`}
                  value={pair[side]}
                  photos={photos}
                  noneLabel="None"
                />
                <TextInput name={`pair-${index}-${side}Alt`} label={`${side === "before" ? "Before" : "After"} photo: alt text`} value={pair[`${side}Alt`]} max={PROJECT_LIMITS.alt} hint="What the photo shows, for people who cannot see it." />
              </div>
            ))}
            {index < project.pairs.length ? (
              <div className="form-check">
                <input type="checkbox" className="form-check-input" id={`pair-${index}-remove`} name={`pair-${index}-remove`} />
                <label className="form-check-label" htmlFor={`pair-${index}-remove`}>
                  Remove this pair
                </label>
              </div>
            ) : null}
          </fieldset>
        ))}

        <h2 className="h4 mt-4">Further photos</h2>
        <PhotoPicker spec={{ kind: "photos", name: "photos", label: "Further photos", maxItems: PROJECT_LIMITS.photos }} path="photos" id="project-photos" value={chosenPhotos.map((photo) => photo.id)} photos={photos} />
        {chosenPhotos.map((photo, index) => (
          <TextInput key={photo.id} name={`photo-alt-${photo.id}`} label={`Further photo ${index + 1}: alt text`} value={photo.alt} max={PROJECT_LIMITS.alt} />
        ))}

        <div className="mb-3 mt-4">
          <label htmlFor="project-reviewId" className="form-label h4 d-block">
            Linked review
          </label>
          <select id="project-reviewId" name="reviewId" className="form-select" defaultValue={project.reviewId ?? ""} aria-describedby="project-reviewId-hint">
            <option value="">None</option>
            {loaderData.reviews.map((review) => (
              <option key={review.id} value={review.id}>
                {review.label}
              </option>
            ))}
          </select>
          <div id="project-reviewId-hint" className="form-text">
            The customer&apos;s review of this job, if they left one. It shows on the project page while the review is published.
          </div>
        </div>

        <div className="content-actions">
          <div className="content-actions-main">
            <button type="submit" name="intent" value="save" className="btn btn-outline-primary">
              Save draft
            </button>
            <button type="submit" name="intent" value="publish" className="btn btn-primary">
              Publish
            </button>
            {published ? (
              <button type="submit" name="intent" value="unpublish" className="btn btn-outline-danger">
                Unpublish
              </button>
            ) : null}
          </div>
        </div>
      </Form>
      <p className="small text-body-secondary mt-2">Project {id}</p>
    </div>
  );
}

type TextInputProps = { name: string; label: string; value: string; max: number; error?: string; hint?: string; type?: string; inputMode?: "numeric" };

function TextInput({ name, label, value, max, error, hint, type = "text", inputMode }: TextInputProps) {
  const id = `project-${name}`;
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        maxLength={max * 2}
        className={`form-control${error ? " is-invalid" : ""}`}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        autoComplete="off"
      />
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
      <FieldError name={name} error={error} />
    </div>
  );
}

function FieldError({ name, error }: { name: string; error?: string }) {
  return error ? (
    <div id={`project-${name}-error`} className="invalid-feedback d-block">
      {error}
    </div>
  ) : null;
}
