import { useEffect } from "react";
import { data, useRevalidator } from "react-router";
import { z } from "zod";
import { CategoryPanel } from "~/components/manage/category-panel";
import { ImageEditor } from "~/components/manage/image-editor";
import { UploadPanel } from "~/components/manage/upload-panel";
import { getImageSources } from "~/lib/image-url";
import { parseVariants } from "~/lib/image-variants";
import type { ManageActionResult, ManageData } from "~/lib/manage-galleries";
import type { Placement } from "~/server/db/photo-order.server";
import { CaptionSchema, CategoryNameSchema, ImageNameSchema, TitleSchema } from "~/lib/schemas/gallery";
import { requireAdmin, requireAdminPage } from "~/server/auth/guards.server";
import { getCategory, listCategories } from "~/server/db/categories.server";
import { getDb } from "~/server/db/client.server";
import { listCategoryImages } from "~/server/db/images.server";
import {
  addCategory,
  changeCategoryName,
  moveImage,
  removeCategory,
  removeImage,
  saveImage,
} from "~/server/galleries/manage-galleries.server";
import {
  deleteSelected,
  moveSelected,
  reorderCategory,
  reorderPhoto,
  chooseCover,
} from "~/server/galleries/arrange-galleries.server";
import { getJobDirectory } from "~/server/images/background-jobs.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/manage-galleries";

export function meta() {
  return [{ title: "Manage Galleries" }, { name: "robots", content: "noindex" }];
}

/** The picker shows up to this many of a category's images, in the owner's order. */
const PICKER_LIMIT = 500;

export async function loader({ request }: Route.LoaderArgs): Promise<ManageData> {
  await requireAdminPage(request);
  const db = getDb();
  const url = new URL(request.url);
  const categories = await listCategories(db);
  const requested = Number(url.searchParams.get("category"));
  const selected = categories.find((c) => c.id === requested) ?? categories[0] ?? null;
  const rows = selected ? await listCategoryImages(db, selected.id, { limit: PICKER_LIMIT }) : [];
  // The chosen photo is in the address too, so the page works without JavaScript (?photo=id).
  const photo = url.searchParams.get("photo");
  const coverImageId = selected ? ((await getCategory(db, selected.id))?.coverImageId ?? null) : null;
  const images = rows.map((row) => {
    const variants = parseVariants(row.variants);
    const display = { id: row.id, width: row.width, height: row.height, variants };
    return {
      id: row.id,
      name: row.name,
      title: row.title,
      caption: row.caption,
      version: row.version,
      status: row.status,
      thumb: getImageSources(display, "80px"),
      preview: getImageSources(display, "(min-width: 992px) 480px, 100vw"),
    };
  });
  const chosenId = rows.some((row) => row.id === photo) ? photo : (rows[0]?.id ?? null);
  // The cover is the chosen photo while it is in the category, otherwise the first one.
  const coverId = rows.some((row) => row.id === coverImageId) ? coverImageId : (rows[0]?.id ?? null);
  return { categories, selected, images, truncated: rows.length === PICKER_LIMIT, chosenId, coverId };
}

const Id = z.coerce.number().int().positive();
const Direction = z.enum(["earlier", "later"]);
const SelectedIds = z.array(z.string().min(1)).min(1, "Please select at least one photo").max(500);
const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create-category"), name: CategoryNameSchema }),
  z.object({ intent: z.literal("rename-category"), categoryId: Id, name: CategoryNameSchema }),
  z.object({ intent: z.literal("delete-category"), categoryId: Id }),
  z.object({
    intent: z.literal("save-image"),
    imageId: z.string().min(1),
    version: z.coerce.number().int(),
    name: ImageNameSchema,
    title: TitleSchema,
    caption: CaptionSchema,
  }),
  z.object({ intent: z.literal("move-image"), imageId: z.string().min(1), version: z.coerce.number().int(), categoryId: Id }),
  z.object({ intent: z.literal("delete-image"), imageId: z.string().min(1) }),
  z.object({ intent: z.literal("move-photo"), imageId: z.string().min(1), direction: Direction.optional(), after: z.string().optional() }),
  z.object({ intent: z.literal("move-category"), categoryId: Id, direction: Direction.optional(), after: z.coerce.number().int().optional() }),
  z.object({ intent: z.literal("use-as-cover"), categoryId: Id, imageId: z.string().min(1) }),
  z.object({ intent: z.literal("move-selected"), imageIds: SelectedIds, categoryId: Id }),
  z.object({ intent: z.literal("delete-selected"), imageIds: SelectedIds }),
]);

/** Where a move puts the item: a direction (the buttons), or after another item, "" for first (drag and keys). */
const placement = (input: { direction?: "earlier" | "later"; after?: string | number }): Placement =>
  input.direction ? { direction: input.direction } : { after: input.after === "" || input.after === undefined ? null : input.after };

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const form = { ...Object.fromEntries(formData), imageIds: formData.getAll("imageIds") };
  const parsed = ActionSchema.safeParse(form);
  const intent = String(formData.get("intent") ?? "");
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return data<ManageActionResult>({ intent, ok: false, field: String(issue.path[0]), message: issue.message }, { status: 400 });
  }
  const db = getDb();
  const input = parsed.data;
  let result: { ok: true; value?: unknown } | { ok: false; status: number; message: string; field?: string };
  let categoryId: number | undefined;
  let count: number | undefined;
  switch (input.intent) {
    case "create-category": {
      const outcome = await addCategory(db, input.name);
      result = outcome;
      if (outcome.ok) categoryId = outcome.value.id;
      break;
    }
    case "rename-category":
      result = await changeCategoryName(db, input.categoryId, input.name);
      categoryId = input.categoryId;
      break;
    case "delete-category":
      result = await removeCategory(db, await getStorage(), input.categoryId);
      break;
    case "save-image":
      result = await saveImage(db, { id: input.imageId, version: input.version, name: input.name, title: input.title, caption: input.caption });
      break;
    case "move-image":
      result = await moveImage(db, { id: input.imageId, version: input.version, categoryId: input.categoryId });
      break;
    case "delete-image":
      result = await removeImage(db, await getStorage(), input.imageId);
      break;
    case "move-photo":
      result = await reorderPhoto(db, input.imageId, placement(input));
      break;
    case "move-category":
      result = await reorderCategory(db, input.categoryId, placement(input));
      categoryId = input.categoryId;
      break;
    case "use-as-cover":
      result = await chooseCover(db, input.categoryId, input.imageId);
      break;
    case "move-selected": {
      const outcome = await moveSelected(db, input.imageIds, input.categoryId);
      result = outcome;
      if (outcome.ok) count = outcome.value.count;
      break;
    }
    case "delete-selected": {
      const outcome = await deleteSelected({ db, storage: await getStorage(), jobDirectory: getJobDirectory() }, input.imageIds);
      result = outcome;
      if (outcome.ok) count = outcome.value.count;
      break;
    }
  }
  if (!result.ok) return data<ManageActionResult>({ intent, ok: false, message: result.message, field: result.field }, { status: result.status });
  return data<ManageActionResult>({ intent, ok: true, categoryId, count });
}

export default function ManageGalleries({ loaderData }: Route.ComponentProps) {
  const { categories, selected, images, truncated, chosenId, coverId } = loaderData;
  const revalidator = useRevalidator();
  const processing = images.some((image) => image.status === "processing");
  // While the background work makes the remaining sizes, look again every few seconds.
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") void revalidator.revalidate();
    }, 5000);
    return () => clearInterval(timer);
  }, [processing, revalidator]);
  return (
    <>
      <h1 className="h2 mb-4">Manage Galleries</h1>
      <CategoryPanel categories={categories} selected={selected} />
      <ImageEditor
        key={selected?.id ?? "none"}
        categories={categories}
        selected={selected}
        images={images}
        truncated={truncated}
        initialChosenId={chosenId}
        coverId={coverId}
      />
      <UploadPanel selected={selected} />
    </>
  );
}
