import { useCallback, useEffect, useRef, useState } from "react";
import { type GalleryPage, appendGalleryPage } from "~/lib/gallery";

export type PagesStatus = "idle" | "loading" | "error";

export function getNextPageHref(categoryId: number, after: string): string {
  return `/gallery/${categoryId}?after=${encodeURIComponent(after)}`;
}

/**
 * The photos shown so far, starting with the page the server rendered. loadMore() fetches the next page from
 * /gallery/{id}/images and resolves with the id of its first new photo (for moving focus there), or null.
 */
export function useGalleryPages(categoryId: number, initial: GalleryPage) {
  const [page, setPage] = useState(initial);
  const [status, setStatus] = useState<PagesStatus>("idle");
  const inFlight = useRef<Promise<string | null> | null>(null);
  // Aborted when the gallery unmounts (the visitor went elsewhere), so a late page is neither fetched nor shown.
  const lifetime = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    return () => controller.abort();
  }, []);

  const loadMore = useCallback((): Promise<string | null> => {
    const after = page.nextAfter;
    if (!after) return Promise.resolve(null);
    // The scroll observer, the button and the expanded view may all ask at once: they share one request.
    inFlight.current ??= (async () => {
      setStatus("loading");
      try {
        const response = await fetch(`/gallery/${categoryId}/images?after=${encodeURIComponent(after)}`, {
          headers: { Accept: "application/json" },
          signal: lifetime.current?.signal,
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const next = (await response.json()) as GalleryPage;
        setPage((current) => appendGalleryPage(current, next));
        setStatus("idle");
        return next.items[0]?.id ?? null;
      } catch {
        if (!lifetime.current?.signal.aborted) setStatus("error");
        return null;
      } finally {
        inFlight.current = null;
      }
    })();
    return inFlight.current;
  }, [categoryId, page.nextAfter]);

  return { items: page.items, nextAfter: page.nextAfter, status, loadMore };
}
