import type { ImageSources } from "~/lib/image-url";
import { IMAGE_NOT_FOUND } from "~/lib/image-not-found";

type Props = { sources: ImageSources | null; alt: string; width?: number; height?: number; cover?: boolean; className?: string };

/** A <picture> from the stored variants, or the not-found picture when none are stored. */
export function ResponsiveImage({ sources, alt, width, height, cover, className }: Props) {
  const style = cover ? { objectFit: "cover" as const, width, height } : undefined;
  if (!sources) {
    return <img src={IMAGE_NOT_FOUND.url} alt={alt} width={width ?? 640} height={height ?? 480} style={style} className={className} />;
  }
  return (
    <picture>
      {sources.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={s.sizes} />
      ))}
      <img
        src={sources.src}
        srcSet={sources.srcSet}
        sizes={sources.sizes}
        alt={alt}
        width={width ?? sources.width}
        height={height ?? sources.height}
        loading="lazy"
        decoding="async"
        style={style}
        className={className}
      />
    </picture>
  );
}
