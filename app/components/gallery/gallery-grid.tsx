import { useCallback, useEffect, useRef, useState } from "react";
import { type GalleryPage, type LightboxDirection, getLightboxStep } from "~/lib/gallery";
import { ImageCard, getCardButtonId } from "./image-card";
import { Lightbox } from "./lightbox";
import { LoadingImages } from "./loading-images";
import { getNextPageHref, useGalleryPages } from "./use-gallery-pages";

/**
 * Cards loaded at once rather than lazily: the first two rows of a phone's two columns. Further cards in a wider
 * first screen are lazy but in view, so the browser fetches them as soon as it has laid the page out.
 */
const EAGER_CARDS = 4;

type Props = {
  categoryId: number;
  categoryName: string;
  /** Photos in the whole gallery. */
  total: number;
  initial: GalleryPage;
  /** The server rendered the gallery's first photos (not a ?after= continuation): they are the first screenful. */
  fromStart: boolean;
};

type ViewState = { index: number; show: boolean; waiting: boolean };

/** The grid of photo cards, more pages as the visitor scrolls, and the expanded view. */
export function GalleryGrid({ categoryId, categoryName, total, initial, fromStart }: Props) {
  const { items, nextAfter, status, loadMore } = useGalleryPages(categoryId, initial);
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const [view, setView] = useState<ViewState>({ index: 0, show: false, waiting: false });
  const hasMore = nextAfter !== null;

  // A step past the last loaded photo waits for the next page, then shows its first photo (or stays, if none came).
  if (view.waiting && status !== "loading") {
    setView({ ...view, index: items.length > view.index + 1 ? view.index + 1 : view.index, waiting: false });
  }

  const onFailed = useCallback((imageId: string) => {
    setFailed((current) => (current.has(imageId) ? current : new Set(current).add(imageId)));
  }, []);

  const onOpen = useCallback((index: number) => setView({ index, show: true, waiting: false }), []);

  const onStep = useCallback(
    (direction: LightboxDirection) => {
      if (view.waiting) return;
      const step = getLightboxStep(view.index, direction, items.length, hasMore);
      if (step.kind === "show") setView({ ...view, index: step.index });
      else if (step.kind === "load") {
        setView({ ...view, waiting: true });
        void loadMore();
      }
    },
    [view, items.length, hasMore, loadMore],
  );

  const sentinel = useRef<HTMLDivElement>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (focusId) document.getElementById(getCardButtonId(focusId))?.focus();
  }, [focusId]);

  // The spinner replaces "Load more photos" while a page loads. If focus was there (a keyboard user tabbed to it,
  // which also brings it into the observer's view), it moves to the first new photo instead of falling to the page.
  const requestMore = useCallback(async () => {
    const hadFocus = sentinel.current?.contains(document.activeElement) ?? false;
    const firstNew = await loadMore();
    if (hadFocus && firstNew) setFocusId(firstNew);
  }, [loadMore]);

  const canAutoLoad = hasMore && status === "idle";
  useEffect(() => {
    const target = sentinel.current;
    if (!canAutoLoad || !target) return;
    // Starts the next page well before the end comes into view, so scrolling rarely meets the spinner.
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void requestMore(), {
      rootMargin: "0px 0px 800px 0px",
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [canAutoLoad, requestMore]);

  const current = items[view.index];
  return (
    <>
      <ul className="row row-cols-2 row-cols-lg-3 row-cols-xl-4 g-4 list-unstyled gallery-grid" aria-label={`${categoryName} photos`}>
        {items.map((item, index) => (
          <ImageCard
            key={item.id}
            item={item}
            index={index}
            failed={failed.has(item.id)}
            categoryName={categoryName}
            eager={fromStart && index < EAGER_CARDS}
            onOpen={onOpen}
            onFailed={onFailed}
          />
        ))}
      </ul>

      <div ref={sentinel} className="gallery-more">
        {status === "loading" ? (
          <LoadingImages />
        ) : status === "error" ? (
          <div role="alert" className="text-center">
            <p>Sorry, the next photos could not be loaded.</p>
            <button type="button" className="btn btn-outline-primary" onClick={() => void requestMore()}>
              Try again
            </button>
          </div>
        ) : hasMore ? (
          <a
            className="btn btn-outline-primary"
            href={getNextPageHref(categoryId, nextAfter)}
            onClick={(event) => {
              event.preventDefault();
              void requestMore();
            }}
          >
            Load more photos
          </a>
        ) : null}
      </div>

      <Lightbox
        item={current}
        index={view.index}
        position={fromStart ? `Photo ${view.index + 1} of ${total}` : null}
        show={view.show}
        waiting={view.waiting}
        failed={current ? failed.has(current.id) : false}
        canStep={{ previous: view.index > 0, next: view.index + 1 < items.length || hasMore }}
        categoryName={categoryName}
        onStep={onStep}
        onClose={() => setView({ ...view, show: false, waiting: false })}
        onExited={() => {
          if (current) document.getElementById(getCardButtonId(current.id))?.focus();
        }}
        onFailed={onFailed}
      />
    </>
  );
}
