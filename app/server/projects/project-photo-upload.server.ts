import { rm } from "node:fs/promises";
import path from "node:path";
import { ENQUIRY_LIMITS } from "~/lib/enquiry-form";
import { CategoryNameSchema, LIMITS } from "~/lib/schemas/gallery";
import type { Db } from "../db/client.server";
import { BodyTooLargeError, readQuoteBody } from "../enquiries/quote-body.server";
import { getEnv } from "../env.server";
import { getImageByName } from "../db/images.server";
import { type Outcome, addCategory, addUploadedImage } from "../galleries/manage-galleries.server";

/**
 * A photo uploaded from the project editor: it becomes a gallery photo like any other (same checks, same image
 * pipeline, HEIC included), in a category the owner picks, and the editor then places it in the project.
 */

/** The value of the "new category" choice: `new:` and the name it will have. */
const NEW = "new:";

export type CategoryChoices = { options: { value: string; label: string }[]; chosen: string };

/**
 * The categories an upload may go into. Chosen at first: the category named like the project's service; when
 * there is none, a new one named for the service; with no service yet, a "Projects" category, made if need be.
 */
export function uploadCategoryChoices(categories: readonly { id: number; name: string }[], serviceName: string): CategoryChoices {
  const wanted = serviceName.trim() || "Projects";
  const match = categories.find((category) => category.name.toLowerCase() === wanted.toLowerCase());
  const options = categories.map((category) => ({ value: String(category.id), label: category.name }));
  if (match) return { options, chosen: String(match.id) };
  return { options: [...options, { value: `${NEW}${wanted}`, label: `${wanted} (a new category)` }], chosen: `${NEW}${wanted}` };
}

async function resolveCategory(db: Db, choice: string): Promise<Outcome<number>> {
  if (choice.startsWith(NEW)) {
    const name = CategoryNameSchema.safeParse(choice.slice(NEW.length));
    if (!name.success) return { ok: false, status: 400, message: name.error.issues[0]!.message, field: "category" };
    const made = await addCategory(db, name.data);
    if (made.ok) return { ok: true, value: made.value.id };
    // Made meanwhile (by the same owner in another tab, or a double post): use it.
    const existing = await db.selectFrom("category").select("id").where("name", "=", name.data).executeTakeFirst();
    return existing ? { ok: true, value: existing.id } : made;
  }
  const id = Number(choice);
  if (!Number.isInteger(id) || id <= 0) return { ok: false, status: 400, message: "Please choose the gallery category for the photo", field: "category" };
  return { ok: true, value: id };
}

/** The file's name without its extension, made unique in the category ("IMG_0412", then "IMG_0412 (2)"). */
async function freeName(db: Db, categoryId: number, fileName: string): Promise<string> {
  const base =
    [...fileName.split(/[\\/]/).pop()!.replace(/\.[A-Za-z0-9]{1,5}$/, "")]
      .filter((c) => c.charCodeAt(0) >= 32)
      .join("")
      .trim()
      .slice(0, LIMITS.imageName - 5) || "Project photo";
  let name = base;
  for (let n = 2; n < 100 && (await getImageByName(db, categoryId, name)); n++) name = `${base} (${n})`;
  return name;
}

export type ProjectPhotoUpload = { file: string; fileName: string; category: string; alt: string };

/** Puts the file into the gallery category through the image pipeline; answers the new photo's id. */
export async function addProjectPhoto(db: Db, input: ProjectPhotoUpload): Promise<Outcome<string>> {
  const category = await resolveCategory(db, input.category);
  if (!category.ok) {
    await rm(input.file, { force: true });
    return category;
  }
  const name = await freeName(db, category.value, input.fileName);
  const image = await addUploadedImage(db, { file: input.file, categoryId: category.value, name, title: input.alt.slice(0, LIMITS.title), caption: "" });
  return image.ok ? { ok: true, value: image.value.id } : image;
}

/** The editor's upload form as it arrives without JavaScript: its fields, and the photo written to a temporary file. */
export type UploadPost = { form: FormData; received?: { file: string; fileName: string }; problem?: string; cleanup(): Promise<void> };

const MAX_MB = ENQUIRY_LIMITS.photoBytes / 1024 / 1024;

/** Reads a multipart post from the project editor's upload form, streaming the photo to disk (at most one, 15 MB). */
export async function readUploadPost(request: Request): Promise<UploadPost> {
  let body;
  try {
    body = await readQuoteBody(request, path.join(getEnv().dataDir, "upload-forms"), { maxPhotos: 1 });
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { form: new FormData(), problem: `The photo is larger than ${MAX_MB} MB.`, cleanup: async () => {} };
    throw error;
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(body.fields)) form.set(name, value);
  const photo = body.photos[0];
  const problem = body.oversized.length > 0 ? `The photo is larger than ${MAX_MB} MB. Please choose a smaller one.` : undefined;
  return { form, received: photo ? { file: photo.file, fileName: photo.name } : undefined, problem, cleanup: body.cleanup };
}
