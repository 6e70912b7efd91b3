import { useCallback, useState } from "react";
import type { Lightbox as LightboxType } from "~/components/gallery/lightbox";
import type { GalleryItem, LightboxDirection } from "~/lib/gallery";
import type { PublicReviewPhoto } from "~/lib/review-view";

function toItem(photo: PublicReviewPhoto, index: number, name: string): GalleryItem {
  return {
    id: photo.id,
    title: `Photo ${index + 1} from ${name}'s review`,
    caption: "",
    placeholderColor: null,
    sources: { sources: [], src: photo.full, srcSet: `${photo.full} ${photo.width}w`, sizes: "100vw", width: photo.width, height: photo.height },
  };
}

/**
 * A review's photos as thumbnails that link to the full photo (so they work without script), opening in the
 * gallery's lightbox once the page's script runs. The lightbox's script is fetched on the first click, so the
 * reviews page loads no more script than a page without photos (the public pages' budget is 105 KB).
 */
export function ReviewPhotos({ photos, name }: { photos: PublicReviewPhoto[]; name: string }) {
  const [view, setView] = useState({ index: 0, show: false });
  const [Lightbox, setLightbox] = useState<typeof LightboxType | null>(null);
  const items = photos.map((p, i) => toItem(p, i, name));
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const onStep = useCallback(
    (direction: LightboxDirection) =>
      setView((v) => ({ ...v, index: Math.min(items.length - 1, Math.max(0, v.index + (direction === "next" ? 1 : -1))) })),
    [items.length],
  );
  const onClose = useCallback(() => setView((v) => ({ ...v, show: false })), []);
  const onExited = useCallback(() => {}, []);
  const onFailed = useCallback((id: string) => setFailed((current) => new Set(current).add(id)), []);
  if (photos.length === 0) return null;
  const item = items[view.index];
  return (
    <>
      <ul className="review-photos list-unstyled d-flex flex-wrap gap-2 mb-2" aria-label={`Photos from ${name}`}>
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <a
              href={photo.full}
              onClick={async (event) => {
                event.preventDefault();
                if (!Lightbox) {
                  const loaded = await import("~/components/gallery/lightbox");
                  setLightbox(() => loaded.Lightbox);
                }
                setView({ index, show: true });
              }}
            >
              <img src={photo.thumb} alt={`From ${name}’s review, ${index + 1} of ${photos.length}`} width={120} height={Math.round((120 * photo.height) / photo.width)} loading="lazy" decoding="async" className="rounded" />
            </a>
          </li>
        ))}
      </ul>
      {Lightbox ? (
        <Lightbox
        item={item}
        index={view.index}
        position={`Photo ${view.index + 1} of ${photos.length}`}
        show={view.show}
        waiting={false}
        failed={item ? failed.has(item.id) : false}
        canStep={{ previous: view.index > 0, next: view.index < photos.length - 1 }}
        categoryName={`${name}'s review`}
        onStep={onStep}
        onClose={onClose}
        onExited={onExited}
        onFailed={onFailed}
        />
      ) : null}
    </>
  );
}
