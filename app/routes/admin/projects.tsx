import { Form, Link, data, redirect } from "react-router";
import { z } from "zod";
import { requireAdmin, requireAdminPage } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/client.server";
import { createProject, deleteProject, getProjectSettings, listProjectsForAdmin, moveProject, setPriceGuide } from "~/server/projects/projects.server";
import { FormAnswer } from "~/components/forms/form-answer";
import type { Route } from "./+types/projects";

export function meta() {
  return [{ title: "Projects" }, { name: "robots", content: "noindex" }];
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }),
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
  z.object({ intent: z.enum(["up", "down"]), id: z.uuid() }),
  z.object({ intent: z.literal("price-guide"), on: z.enum(["yes", "no"]) }),
]);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const db = getDb();
  const [projects, settings] = await Promise.all([listProjectsForAdmin(db), getProjectSettings(db)]);
  return { projects, priceGuide: settings.priceGuide };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const parsed = ActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "That request was not understood." }, { status: 400 });
  const db = getDb();
  const by = user.name || user.email;
  const input = parsed.data;
  switch (input.intent) {
    case "create":
      throw redirect(`/manage/projects/${await createProject(db, by)}`);
    case "delete":
      await deleteProject(db, input.id, by);
      break;
    case "up":
    case "down":
      await moveProject(db, input.id, input.intent, by);
      break;
    case "price-guide":
      await setPriceGuide(db, input.on === "yes", by);
      break;
  }
  throw redirect("/manage/projects");
}

export default function ManageProjects({ loaderData, actionData }: Route.ComponentProps) {
  const { projects, priceGuide } = loaderData;
  return (
    <div className="manage-projects">
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <h1 className="h2 mb-0">Projects</h1>
        <Form method="post">
          <button type="submit" name="intent" value="create" className="btn btn-primary">
            New project
          </button>
        </Form>
      </div>
      <FormAnswer boxed answer={actionData?.error ? { ok: false, message: actionData.error } : null} />
      <p className="text-body-secondary">
        Whole jobs told in before-and-after photos. Photos come from your galleries: upload them under <Link to="/manage">Galleries</Link> first. The list shows on /projects in this order.
      </p>
      {projects.length === 0 ? <p>No projects yet.</p> : null}
      <ol className="list-unstyled project-admin-list">
        {projects.map((project, index) => (
          <li key={project.id} className="border rounded p-2 mb-2 d-flex flex-wrap gap-2 align-items-center">
            <div className="flex-grow-1 me-auto">
              <Link to={`/manage/projects/${project.id}`} className="fw-semibold">
                {project.title}
              </Link>{" "}
              <span className={`badge ${project.published ? "text-bg-success" : "text-bg-secondary"}`}>{project.published ? "Published" : "Draft"}</span>
              {project.published && project.hasDraft ? <span className="badge text-bg-warning ms-1">Unpublished changes</span> : null}
              {project.published ? (
                <div className="small">
                  <Link to={`/projects/${project.slug}`}>{`/projects/${project.slug}`}</Link>
                </div>
              ) : null}
            </div>
            <Form method="post" className="d-flex gap-1">
              <input type="hidden" name="id" value={project.id} />
              <button type="submit" name="intent" value="up" className="btn btn-sm btn-outline-secondary" disabled={index === 0} aria-label={`Move ${project.title} up`}>
                ↑
              </button>
              <button type="submit" name="intent" value="down" className="btn btn-sm btn-outline-secondary" disabled={index === projects.length - 1} aria-label={`Move ${project.title} down`}>
                ↓
              </button>
            </Form>
            <Form
              method="post"
              onSubmit={(event) => {
                if (!window.confirm(`Delete the project "${project.title}"? This cannot be undone.`)) event.preventDefault();
              }}
            >
              <input type="hidden" name="id" value={project.id} />
              <button type="submit" name="intent" value="delete" className="btn btn-sm btn-outline-danger">
                Delete<span className="visually-hidden"> {project.title}</span>
              </button>
            </Form>
          </li>
        ))}
      </ol>
      <Form method="post" className="mt-4 border-top pt-3">
        <h2 className="h5">Price guide</h2>
        <p className="small text-body-secondary mb-2">
          On /services, a service with at least three published projects with cost bands shows the typical cost: the range the middle half of those jobs fall in.
        </p>
        <p className="mb-2">It is {priceGuide ? "on" : "off"}.</p>
        <input type="hidden" name="on" value={priceGuide ? "no" : "yes"} />
        <button type="submit" name="intent" value="price-guide" className="btn btn-outline-secondary">
          {priceGuide ? "Switch the price guide off" : "Switch the price guide on"}
        </button>
      </Form>
    </div>
  );
}
