import { useRef } from "react";
import type { LightboxDirection } from "~/lib/gallery";
import { getSwipeDirection } from "~/lib/swipe";

/**
 * Pointer handlers that turn a sideways swipe (a finger, or a mouse drag) into a step. The click that a
 * browser may send after a drag is swallowed, so a swipe never also counts as the click that closes the view.
 */
export function useSwipe(onSwipe: (direction: LightboxDirection) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  const swiped = useRef(false);

  return {
    handlers: {
      onPointerDown(event: React.PointerEvent) {
        if (!event.isPrimary) return;
        start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
        swiped.current = false;
      },
      onPointerUp(event: React.PointerEvent) {
        const from = start.current;
        start.current = null;
        if (!from || from.id !== event.pointerId) return;
        const direction = getSwipeDirection(event.clientX - from.x, event.clientY - from.y);
        if (!direction) return;
        swiped.current = true;
        onSwipe(direction);
      },
      onPointerCancel() {
        start.current = null;
      },
    },
    /** True once for a click that ends a swipe. */
    takeSwipeClick(): boolean {
      const was = swiped.current;
      swiped.current = false;
      return was;
    },
  };
}
