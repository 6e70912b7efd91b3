import { preload } from "react-dom";
import type { Photo } from "~/lib/photo";

type Props = {
  photo: Photo;
  /** The <img sizes> hint: how wide the picture is drawn at each viewport width. */
  sizes: string;
  /** Below the fold: let the browser fetch it only when it comes near the viewport. */
  lazy?: boolean;
  /** The page's largest picture: fetched ahead of the others (`fetchpriority="high"`). */
  priority?: boolean;
  /** Fetched after the page's other pictures even when it is on the first screen (`fetchpriority="low"`). */
  later?: boolean;
  className?: string;
};

/** A picture with its intrinsic size, modern formats first, and its average colour while it loads. */
export function PhotoView({ photo, sizes, lazy = false, priority = false, later = false, className }: Props) {
  if (priority) {
    // Inside <picture> React does not announce the picture in the head by itself (it cannot know which source the
    // browser takes), so the page's largest picture would be found only once the body is parsed. Announce the
    // best format's sizes, typed, so a browser that cannot show that format skips the hint and uses the <img>.
    const best = photo.sources[0];
    if (best) preload(photo.src, { as: "image", imageSrcSet: best.srcSet, imageSizes: sizes, fetchPriority: "high", type: best.type });
    else preload(photo.src, { as: "image", imageSrcSet: photo.srcSet, imageSizes: photo.srcSet ? sizes : undefined, fetchPriority: "high" });
  }
  const img = (
    <img
      src={photo.src}
      srcSet={photo.srcSet}
      sizes={photo.srcSet ? sizes : undefined}
      alt={photo.alt}
      width={photo.width}
      height={photo.height}
      loading={lazy ? "lazy" : undefined}
      fetchPriority={priority ? "high" : later ? "low" : undefined}
      // The largest picture decodes as the browser sees fit, so its paint is not put off to a later frame.
      decoding={priority ? undefined : "async"}
      className={className}
      style={photo.placeholderColor ? { backgroundColor: photo.placeholderColor } : undefined}
    />
  );
  if (photo.sources.length === 0) return img;
  return (
    <picture>
      {photo.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
