import { v7 as uuidv7 } from "uuid";
import type { Db } from "~/server/db/client.server";
import type { Image, NewImage } from "~/server/db/schema.server";

type ImageOverrides = Partial<NewImage> & Pick<NewImage, "categoryId">;

/** An image row's values: a new id, a ready image with no stored variants and empty texts; overrides win. */
export function createImageRow(overrides: ImageOverrides): NewImage {
  const id = overrides.id ?? uuidv7();
  const now = new Date().toISOString();
  return {
    id,
    name: id,
    title: "",
    caption: "",
    width: null,
    height: null,
    placeholder: null,
    status: "ready",
    variants: "[]",
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

/** Inserts an image row as given, without files: the pipeline (createImageFromUpload) is what stores those. */
export async function insertImage(db: Db, overrides: ImageOverrides): Promise<Image> {
  return db.insertInto("image").values(createImageRow(overrides)).returningAll().executeTakeFirstOrThrow();
}
