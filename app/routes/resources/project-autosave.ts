import { requireAdmin } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/client.server";
import { handleProjectPost } from "~/server/projects/project-editor.server";
import type { Route } from "./+types/project-autosave";

const STATUS = { saved: 200, invalid: 400, conflict: 409, "not-found": 404 } as const;

/**
 * The project editor's autosave (the content editor's hook): the form as it stands, saved as the draft (never
 * published), answered in JSON for the editor's script. Admins only (401 for visitors, 403 for members).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const form = await request.formData();
  form.set("intent", "save");
  const outcome = await handleProjectPost(getDb(), params.id, form, user.name || user.email);
  if (outcome.status === "not-found") return Response.json({ error: "There is no such project to edit." }, { status: 404 });
  const status = outcome.status in STATUS ? STATUS[outcome.status as keyof typeof STATUS] : 200;
  return Response.json(outcome, { status, headers: { "Cache-Control": "no-store" } });
}
