// A module of its own so that the pages that only need this constant do not bring image-url's code with it.

/** The spec's fallback entry, shown in place of an image whose files cannot be found. */
export const IMAGE_NOT_FOUND = {
  imageId: "default",
  title: "Image not found",
  caption: "No caption available",
  url: "/images/not-found.png",
  error: true,
} as const;
