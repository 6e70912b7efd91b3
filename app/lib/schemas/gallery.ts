import { z } from "zod";

/** Length limits (deviations item 12), shared by the forms and the actions. */
export const LIMITS = { categoryName: 80, imageName: 80, title: 120, caption: 1000 } as const;

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

export const CategoryNameSchema = z.preprocess(
  text,
  z
    .string()
    .min(1, "Please enter a category name")
    .max(LIMITS.categoryName, `Category names can be at most ${LIMITS.categoryName} characters`),
);

export const ImageNameSchema = z.preprocess(
  text,
  z
    .string()
    .min(1, "Please enter a file name")
    .max(LIMITS.imageName, `File names can be at most ${LIMITS.imageName} characters`)
    // Names are labels, never paths: no slashes or control characters.
    .refine((v) => !/[/\\\u0000-\u001f]/.test(v), "File names cannot contain slashes or control characters"),
);

export const TitleSchema = z.preprocess(text, z.string().max(LIMITS.title, `Titles can be at most ${LIMITS.title} characters`));
export const CaptionSchema = z.preprocess(text, z.string().max(LIMITS.caption, `Captions can be at most ${LIMITS.caption} characters`));
