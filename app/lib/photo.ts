/**
 * A picture as the public pages render it: either a static file (artwork under public/) or an uploaded photo
 * with its stored variants. Width and height are the intrinsic size, so the page reserves the space up front.
 */
export type Photo = {
  alt: string;
  width: number;
  height: number;
  /** The fallback file every browser can show. */
  src: string;
  /** Widths of the fallback format, for browsers without the modern ones. */
  srcSet?: string;
  /** Modern formats, best first: <source type srcset> inside <picture>. */
  sources: { type: string; srcSet: string }[];
  /** Average colour of the photo, shown while it loads. */
  placeholderColor?: string;
};

/** Static artwork named in the site's content (a file under public/, not an uploaded photo). */
export function staticPhoto(picture: { src: string; alt: string; width: number; height: number }): Photo {
  return { ...picture, sources: [] };
}
