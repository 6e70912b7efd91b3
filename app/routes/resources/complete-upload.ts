import { z } from "zod";
import { CaptionSchema, ImageNameSchema, TitleSchema } from "~/lib/schemas/gallery";
import { requireAdmin } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/client.server";
import { finishUpload } from "~/server/galleries/manage-galleries.server";
import type { Route } from "./+types/complete-upload";

const CompleteUploadSchema = z.object({
  uploadId: z.string().min(1, "Please select an image file"),
  categoryId: z.coerce.number().int().positive("Please select a category or create a new one"),
  name: ImageNameSchema,
  title: TitleSchema,
  caption: CaptionSchema,
});

/**
 * Called by the Manage Galleries page once an upload's bytes have arrived through /api/uploads:
 * validates the details and turns the file into an image. Answers JSON for the page's script.
 */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = CompleteUploadSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return Response.json({ ok: false, field: String(issue.path[0]), message: issue.message }, { status: 400 });
  }
  const result = await finishUpload(getDb(), parsed.data);
  if (!result.ok) return Response.json({ ok: false, field: result.field, message: result.message }, { status: result.status });
  return Response.json({ ok: true, image: { id: result.value.id, name: result.value.name } });
}
