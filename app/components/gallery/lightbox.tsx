import { useEffect, useRef } from "react";
import { type GalleryItem, type LightboxDirection, getGalleryEntry } from "~/lib/gallery";
import { GalleryEntryPicture } from "./gallery-entry-picture";
import { getShownThumbnail } from "./image-card";
import { LoadingImages } from "./loading-images";
import { useSwipe } from "./use-swipe";

type Props = {
  item: GalleryItem | undefined;
  /** Position of the photo in the gallery, from 0. */
  index: number;
  /** "Photo 3 of 60"; null when the page began part-way through the gallery and the count from the start is unknown. */
  position: string | null;
  show: boolean;
  /** The next page is being fetched for a step past the last loaded photo. */
  waiting: boolean;
  failed: boolean;
  canStep: Record<LightboxDirection, boolean>;
  categoryName: string;
  onStep(direction: LightboxDirection): void;
  onClose(): void;
  /** After the closing transition: the grid moves focus back to the photo's card. */
  onExited(): void;
  onFailed(imageId: string): void;
};

/**
 * The expanded view: a full-screen dialog with the title, the photo as large as the screen allows, and the caption.
 * Clicking the photo, Close or Escape closes it; the arrow keys, the buttons and a sideways swipe move between
 * photos. It is a native <dialog> opened with showModal(): the browser moves focus in, makes the page behind it
 * inert and closes it on Escape, and site.css locks page scrolling while it is open. Its content is only rendered
 * while it shows, so a closed view loads no photo.
 */
export function Lightbox({ item, index, position, show, waiting, failed, canStep, categoryName, onStep, onClose, onExited, onFailed }: Props) {
  const swipe = useSwipe(onStep);

  useEffect(() => {
    if (!show) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Tab") return keepTabInside(event);
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const direction = event.key === "ArrowLeft" ? "previous" : event.key === "ArrowRight" ? "next" : null;
      if (!direction) return;
      event.preventDefault();
      onStep(direction);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [show, onStep]);

  const entry = item ? getGalleryEntry(item, failed, `${categoryName} photo ${index + 1}`) : null;
  const ratio = entry?.sources ? entry.sources.width / entry.sources.height : 4 / 3;

  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (show && !element?.open) element?.showModal();
    else if (!show && element?.open) element.close();
  }, [show]);

  return (
    <dialog
      ref={dialog}
      className="modal lightbox"
      data-bs-theme="dark"
      aria-labelledby="lightbox-title"
      onClose={() => {
        // Escape closes the dialog itself; the grid still needs to know.
        if (show) onClose();
        onExited();
      }}
    >
      {show ? (
        <div className="modal-dialog modal-fullscreen">
          <div className="modal-content lightbox-content">
            <div className="modal-header">
              <h2 id="lightbox-title" className="modal-title h5 gallery-text">
                {entry?.title}
              </h2>
              <button type="button" className="btn-close" aria-label="Close" onClick={onClose} />
            </div>
            <div className="modal-body lightbox-body">
              <div className="lightbox-stage">
                {waiting ? (
                  <LoadingImages />
                ) : item && entry ? (
                  <button
                    type="button"
                    className="lightbox-image"
                    style={{ "--ratio": ratio } as React.CSSProperties}
                    aria-label="Close expanded view"
                    onClick={() => {
                      if (!swipe.takeSwipeClick()) onClose();
                    }}
                    {...swipe.handlers}
                  >
                    <GalleryEntryPicture
                      key={item.id}
                      entry={entry}
                      placeholderColor={item.placeholderColor}
                      // The card's thumbnail, already loaded, stands in until the large file arrives.
                      preview={getShownThumbnail(item.id)}
                      sizes="100vw"
                      eager
                      onFailed={() => onFailed(item.id)}
                    />
                  </button>
                ) : null}
              </div>
              {entry?.caption ? <p className="lightbox-caption gallery-text">{entry.caption}</p> : null}
            </div>
            <div className="modal-footer lightbox-footer">
              <button type="button" className="btn btn-outline-light" onClick={() => onStep("previous")} disabled={!canStep.previous}>
                <span aria-hidden="true">‹ </span>Previous
              </button>
              <span className="lightbox-position">{position}</span>
              <button type="button" className="btn btn-outline-light" onClick={() => onStep("next")} disabled={!canStep.next}>
                Next<span aria-hidden="true"> ›</span>
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes round to the first, and Shift+Tab the other way: tabbing out of a full-screen
 * modal dialog would otherwise stop in the browser's own UI.
 */
function keepTabInside(event: KeyboardEvent) {
  const content = document.querySelector(".lightbox-content");
  const focusable = content ? [...content.querySelectorAll<HTMLElement>(FOCUSABLE)] : [];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && focusable.includes(active);
  if (event.shiftKey && (!inside || active === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}
