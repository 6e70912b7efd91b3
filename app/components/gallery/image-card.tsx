import { memo } from "react";
import { type GalleryItem, getFullSizeUrl, getGalleryEntry } from "~/lib/gallery";
import { GalleryEntryPicture } from "./gallery-entry-picture";

/** How wide a card's picture is drawn: two columns on phones (and up to lg), three from lg, four from xl. */
const CARD_SIZES =
  "(min-width: 1400px) 306px, (min-width: 1200px) 261px, (min-width: 992px) 296px, (min-width: 768px) 336px, (min-width: 576px) 246px, calc(50vw - 24px)";

export function getCardButtonId(imageId: string): string {
  return `gallery-photo-${imageId}`;
}

/** The file the card of this photo has already shown (whichever format and width the browser chose), if it has. */
export function getShownThumbnail(imageId: string): string | undefined {
  const img = document.getElementById(getCardButtonId(imageId))?.querySelector("img");
  return img?.complete && img.naturalWidth > 0 ? img.currentSrc : undefined;
}

type Props = {
  item: GalleryItem;
  index: number;
  failed: boolean;
  categoryName: string;
  /** Among the first screenful: loaded at once rather than lazily, the very first with high priority. */
  eager: boolean;
  onOpen(index: number): void;
  onFailed(imageId: string): void;
};

/**
 * One photo of the grid, then its title and caption. The picture is a link to the photo at full size, so a tap
 * shows it large before the page's scripts have loaded, or without them; once hydrated it opens the expanded
 * view instead (a click with a modifier key still follows the link, to a new tab or window).
 */
export const ImageCard = memo(function ImageCard({ item, index, failed, categoryName, eager, onOpen, onFailed }: Props) {
  const entry = getGalleryEntry(item, failed, `${categoryName} photo ${index + 1}`);
  return (
    <li className="col">
      <article className="card h-100 gallery-card">
        <a
          id={getCardButtonId(item.id)}
          href={getFullSizeUrl(entry)}
          className="gallery-card-button"
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            onOpen(index);
          }}
        >
          <GalleryEntryPicture
            entry={entry}
            placeholderColor={item.placeholderColor}
            sizes={CARD_SIZES}
            title="Click on image to expand"
            eager={eager}
            fetchPriority={index === 0 ? "high" : undefined}
            onFailed={() => onFailed(item.id)}
          />
        </a>
        <div className="card-body">
          <h2 className="h6 card-title fw-semibold gallery-text">{entry.title}</h2>
          {entry.caption ? <p className="card-text gallery-text gallery-card-caption">{entry.caption}</p> : null}
        </div>
      </article>
    </li>
  );
});
