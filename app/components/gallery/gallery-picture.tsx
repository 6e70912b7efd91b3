import { useCallback, useState } from "react";
import type { ImageSources } from "~/lib/image-url";

export type GalleryPictureProps = {
  sources: ImageSources;
  /** The photo's average colour, filling the box until the photo arrives. */
  placeholderColor: string | null;
  /** A smaller copy the browser already holds (the card's thumbnail), shown stretched over the colour meanwhile. */
  preview?: string;
  alt: string;
  /** The <img>'s sizes: how wide the picture is drawn at each screen width. */
  sizes: string;
  className?: string;
  title?: string;
  eager?: boolean;
  fetchPriority?: "high";
  onFailed(): void;
};

/**
 * A stored photo as a <picture> (AVIF and WebP sources, JPEG or WebP fallback) with width and height, so the
 * box is sized before any byte arrives. Until the photo loads, the box shows its average colour, or a smaller copy
 * already loaded. A missing file calls onFailed, and so does one that failed before hydration attached the handler.
 */
export function GalleryPicture({ sources, placeholderColor, preview, alt, sizes, className, title, eager, fetchPriority, onFailed }: GalleryPictureProps) {
  const [loaded, setLoaded] = useState(false);
  const background =
    loaded || (!placeholderColor && !preview)
      ? undefined
      : { backgroundColor: placeholderColor ?? undefined, backgroundImage: preview ? `url("${preview}")` : undefined };

  const settledBeforeHydration = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img?.complete) return;
      if (img.naturalWidth === 0) onFailed();
      else setLoaded(true);
    },
    [onFailed],
  );

  return (
    <picture className={`gallery-picture${className ? ` ${className}` : ""}`} style={background}>
      {sources.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        ref={settledBeforeHydration}
        src={sources.src}
        srcSet={sources.srcSet}
        sizes={sizes}
        width={sources.width}
        height={sources.height}
        alt={alt}
        title={title}
        loading={eager ? "eager" : "lazy"}
        // The first screen's photos decode as the browser sees fit, so the largest paint is not put off to a later
        // frame; the rest decode off the main thread.
        decoding={eager ? undefined : "async"}
        fetchPriority={fetchPriority}
        draggable={false}
        onLoad={() => setLoaded(true)}
        onError={onFailed}
      />
    </picture>
  );
}
