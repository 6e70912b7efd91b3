import { isSiteDocumentKey } from "~/lib/content/documents";
import { requireAdmin } from "~/server/auth/guards.server";
import { handleContentPost } from "~/server/content/content-editor.server";
import { getDb } from "~/server/db/client.server";
import type { Route } from "./+types/content-autosave";

const STATUS = { saved: 200, invalid: 400, conflict: 409, "not-found": 404 } as const;

/**
 * The content editor's autosave: the form as it stands, saved as the draft (never published), answered in JSON
 * for the editor's script. Admins only (401 for visitors, 403 for members).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  if (!isSiteDocumentKey(params.doc)) return Response.json({ error: "There is no such page to edit." }, { status: 404 });
  const form = await request.formData();
  form.set("intent", "save");
  const outcome = await handleContentPost(getDb(), params.doc, form, user.name || user.email);
  const status = outcome.status in STATUS ? STATUS[outcome.status as keyof typeof STATUS] : 200;
  return Response.json(outcome, { status, headers: { "Cache-Control": "no-store" } });
}
