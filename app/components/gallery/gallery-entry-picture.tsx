import { type GalleryEntry } from "~/lib/gallery";
import { IMAGE_NOT_FOUND } from "~/lib/image-not-found";
import { GalleryPicture, type GalleryPictureProps } from "./gallery-picture";

// The size of public/images/not-found.png, so the fallback reserves its space like any photo.
const NOT_FOUND_SIZE = { width: 640, height: 480 };

/** GalleryPicture's props, with the entry standing in for its sources and alt text. */
type Props = Omit<GalleryPictureProps, "sources" | "alt"> & { entry: GalleryEntry };

/** A gallery entry's picture: the stored photo, or the spec's not-found picture in its place. */
export function GalleryEntryPicture({ entry, ...props }: Props) {
  if (entry.sources) return <GalleryPicture sources={entry.sources} alt={entry.alt} {...props} />;
  return (
    <picture className={`gallery-picture is-not-found${props.className ? ` ${props.className}` : ""}`}>
      <img
        src={IMAGE_NOT_FOUND.url}
        width={NOT_FOUND_SIZE.width}
        height={NOT_FOUND_SIZE.height}
        alt={entry.alt}
        title={props.title}
        loading={props.eager ? "eager" : "lazy"}
        decoding="async"
        draggable={false}
      />
    </picture>
  );
}
