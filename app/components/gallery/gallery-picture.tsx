import { useCallback, useMemo, useState } from "react";
import { type ImageSources, getPlaceholderColour, getPlaceholderDataUrl } from "~/lib/image-url";
import { useHydrated } from "~/components/use-hydrated";

export type GalleryPictureProps = {
  sources: ImageSources;
  placeholder: string | null;
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
 * box is sized before any byte arrives. Until the photo loads, the box shows its thumbhash: the average colour in
 * the server's HTML, and the blurred preview once hydrated (a data: URL is about 4 KB, too heavy to send for
 * every card). A missing file calls onFailed, and so does one that failed before hydration attached the handler.
 */
export function GalleryPicture({ sources, placeholder, alt, sizes, className, title, eager, fetchPriority, onFailed }: GalleryPictureProps) {
  const [loaded, setLoaded] = useState(false);
  const hydrated = useHydrated();
  const background = useMemo(() => {
    const colour = getPlaceholderColour(placeholder);
    const preview = hydrated ? getPlaceholderDataUrl(placeholder) : undefined;
    return { backgroundColor: colour, backgroundImage: preview ? `url("${preview}")` : undefined };
  }, [placeholder, hydrated]);

  const settledBeforeHydration = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img?.complete) return;
      if (img.naturalWidth === 0) onFailed();
      else setLoaded(true);
    },
    [onFailed],
  );

  return (
    <picture className={`gallery-picture${className ? ` ${className}` : ""}`} style={loaded ? undefined : background}>
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
        decoding="async"
        fetchPriority={fetchPriority}
        draggable={false}
        onLoad={() => setLoaded(true)}
        onError={onFailed}
      />
    </picture>
  );
}
