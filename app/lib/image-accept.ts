/**
 * The `accept` of every image file input: any image type, plus HEIC and HEIF by extension and type, since desktop
 * browsers often give a .heic file no type (or one outside image/*) and would grey it out. The server sniffs the
 * bytes whatever is claimed.
 */
export const IMAGE_ACCEPT = "image/*,.heic,.heif,image/heic,image/heif";
