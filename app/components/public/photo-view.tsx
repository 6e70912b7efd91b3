import type { Photo } from "~/lib/photo";

type Props = {
  photo: Photo;
  /** The <img sizes> hint: how wide the picture is drawn at each viewport width. */
  sizes: string;
  /** Below the fold: let the browser fetch it only when it comes near the viewport. */
  lazy?: boolean;
  className?: string;
};

/** A picture with its intrinsic size, modern formats first, and its average colour while it loads. */
export function PhotoView({ photo, sizes, lazy = false, className }: Props) {
  const img = (
    <img
      src={photo.src}
      srcSet={photo.srcSet}
      sizes={photo.srcSet ? sizes : undefined}
      alt={photo.alt}
      width={photo.width}
      height={photo.height}
      loading={lazy ? "lazy" : undefined}
      decoding="async"
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
