import type { LightboxDirection } from "./gallery";

/** How far a finger must travel sideways before a swipe counts, in CSS pixels. */
export const SWIPE_MIN_DISTANCE = 50;

/**
 * The photo a swipe asks for: swiping left brings the next one, as on a phone's photo app. A movement that is
 * mostly vertical (scrolling a long caption) or too short (a tap) is not a swipe.
 */
export function getSwipeDirection(dx: number, dy: number, minDistance = SWIPE_MIN_DISTANCE): LightboxDirection | null {
  if (Math.abs(dx) < minDistance || Math.abs(dx) < Math.abs(dy) * 1.5) return null;
  return dx < 0 ? "next" : "previous";
}
