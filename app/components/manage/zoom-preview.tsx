import { useState } from "react";
import type { ImageSources } from "~/lib/image-url";
import { ResponsiveImage } from "./responsive-image";

/** Click (or Enter) to see the preview at 2x, centred where it was clicked; again to go back. */
export function ZoomPreview({ sources, alt }: { sources: ImageSources | null; alt: string }) {
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  return (
    <button
      type="button"
      className="zoom-preview"
      aria-pressed={zoom !== null}
      aria-label={zoom ? "Zoom out of the preview" : "Zoom into the preview (2x)"}
      onClick={(event) => {
        if (zoom) return setZoom(null);
        const box = event.currentTarget.getBoundingClientRect();
        // Keyboard clicks have no position: zoom on the centre.
        const x = event.clientX ? ((event.clientX - box.left) / box.width) * 100 : 50;
        const y = event.clientY ? ((event.clientY - box.top) / box.height) * 100 : 50;
        setZoom({ x, y });
      }}
    >
      <span
        className="zoom-preview-inner"
        style={zoom ? { transform: "scale(2)", transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
        data-testid="zoom-preview"
        data-zoomed={zoom ? "2" : "1"}
      >
        <ResponsiveImage sources={sources} alt={alt} className="img-fluid d-block" />
      </span>
    </button>
  );
}
