import { useState } from "react";
import type { Photo } from "~/lib/photo";
import { PhotoView } from "./photo-view";

type Props = { photo: Photo; sizes: string; lazy?: boolean };

/**
 * A photo that toggles between its normal and an enlarged size on click, Enter or Space. Each photo keeps its
 * own flag; the enlarged one spans the whole row of its .photo-grid.
 */
export function TogglePhoto({ photo, sizes, lazy }: Props) {
  const [expanded, setExpanded] = useState(false);
  return (
    <button
      type="button"
      className={`toggle-photo${expanded ? " is-expanded" : ""}`}
      aria-pressed={expanded}
      title={expanded ? "Click to shrink" : "Click to enlarge"}
      onClick={() => setExpanded((value) => !value)}
    >
      <PhotoView photo={photo} sizes={expanded ? "(min-width: 1400px) 1296px, 100vw" : sizes} lazy={lazy} />
    </button>
  );
}
