import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";

/** The attribute that marks an item of a reorderable list with its id, for finding what is under the pointer. */
export const DRAG_ID = "data-drag-id";

type Options = {
  /** The ids of the list's items, in the order shown. */
  order: string[];
  /** Moves an item to a new place; called once per finished drag or key press, never with its own place. */
  onMove(id: string, to: number): void;
  /** What a screen reader is told after a move, e.g. "Tiling moved to place 2 of 5." (shown in an aria-live region). */
  describe(id: string, to: number, count: number): string;
  /** How far (px) the pointer must travel before a press becomes a drag, so a tap stays a tap. */
  threshold?: number;
  /**
   * Take the pointer as soon as it is pressed: right for a small handle (a drag leaves it at once), wrong for a
   * whole item that is also a button (its click would then go to the item).
   */
  captureOnPress?: boolean;
};

/** How close (px) to the top or bottom of the screen a drag starts scrolling the page. */
const EDGE = 48;

export type DragState = { id: string; over: number } | null;

/**
 * Dragging items of a list into a new order, with a mouse or a finger (pointer events, captured once the drag
 * starts so it follows outside the item), and the keyboard: Alt with an arrow key moves the focused item one place,
 * Alt+Home and Alt+End to either end. The caller keeps the order, shows `dragging` (the item held and the place
 * it would drop at) and puts `announcement` in an aria-live region; items carry `{[DRAG_ID]: id}` so a drop finds its place under the pointer. Used by the photo
 * arranger (whole photos are dragged) and the content editor's lists (by a handle with `touch-action: none`, so a
 * finger elsewhere still scrolls the page).
 */
export function useDragOrder({ order, onMove, describe, threshold = 8, captureOnPress = false }: Options) {
  const [dragging, setDragging] = useState<DragState>(null);
  const [announcement, setAnnouncement] = useState("");
  const press = useRef<{ id: string; x: number; y: number; pointerId: number } | null>(null);
  const suppressClick = useRef(false);

  const move = (id: string, to: number) => {
    const from = order.indexOf(id);
    if (from < 0 || to < 0 || to >= order.length || to === from) return;
    onMove(id, to);
    setAnnouncement(describe(id, to, order.length));
  };

  const indexAt = (x: number, y: number) => {
    const target = document.elementFromPoint(x, y)?.closest<HTMLElement>(`[${DRAG_ID}]`);
    return target ? order.indexOf(target.getAttribute(DRAG_ID) ?? "") : -1;
  };

  // Held near the top or bottom of the screen, a drag scrolls the page, so a place off screen can be reached.
  const scrolling = useRef<number | undefined>(undefined);
  const edgeScroll = (id: string, x: number, y: number) => {
    if (scrolling.current !== undefined) cancelAnimationFrame(scrolling.current);
    scrolling.current = undefined;
    const speed = y < EDGE ? -12 : y > window.innerHeight - EDGE ? 12 : 0;
    if (speed === 0) return;
    const step = () => {
      window.scrollBy({ top: speed, behavior: "instant" });
      const over = indexAt(x, y);
      if (over >= 0) setDragging({ id, over });
      scrolling.current = requestAnimationFrame(step);
    };
    scrolling.current = requestAnimationFrame(step);
  };

  useEffect(() => () => {
    if (scrolling.current !== undefined) cancelAnimationFrame(scrolling.current);
  }, []);

  const end = () => {
    if (scrolling.current !== undefined) cancelAnimationFrame(scrolling.current);
    scrolling.current = undefined;
    press.current = null;
    setDragging(null);
  };

  /** Pointer handlers for what is pressed to drag item `id`: the item itself, or its handle. */
  const dragHandlers = (id: string) => ({
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0 || (event.target as HTMLElement).closest("input, textarea, select")) return;
      press.current = { id, x: event.clientX, y: event.clientY, pointerId: event.pointerId };
      if (captureOnPress) event.currentTarget.setPointerCapture(event.pointerId);
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const start = press.current;
      if (!start || start.pointerId !== event.pointerId) return;
      if (!dragging && Math.hypot(event.clientX - start.x, event.clientY - start.y) < threshold) return;
      if (!dragging && !captureOnPress) event.currentTarget.setPointerCapture(event.pointerId);
      const over = indexAt(event.clientX, event.clientY);
      setDragging({ id: start.id, over: over < 0 ? (dragging?.over ?? order.indexOf(start.id)) : over });
      edgeScroll(start.id, event.clientX, event.clientY);
    },
    onPointerUp() {
      if (dragging) {
        suppressClick.current = true;
        move(dragging.id, dragging.over);
      }
      end();
    },
    onPointerCancel: end,
    onDragStart(event: { preventDefault(): void }) {
      event.preventDefault();
    },
  });

  /** Alt+arrows (and Alt+Home, Alt+End) on a focused item or handle. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, id: string) => {
    if (!event.altKey) return;
    const from = order.indexOf(id);
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    const to = event.key === "Home" ? 0 : event.key === "End" ? order.length - 1 : step === undefined ? null : from + step;
    if (to === null) return;
    event.preventDefault();
    move(id, to);
  };

  /** Whether the click that follows a drop should be ignored (it is the end of the drag, not a tap). */
  const takeDropClick = () => {
    const dropped = suppressClick.current;
    suppressClick.current = false;
    return dropped;
  };

  /** The class names an item shows while a drag is going on. */
  const dragClasses = (id: string, index: number) =>
    [dragging?.id === id ? "is-dragging" : "", dragging && dragging.id !== id && dragging.over === index ? "is-drop-target" : ""].filter(Boolean).join(" ");

  return { dragging, announcement, dragHandlers, onKeyDown, takeDropClick, dragClasses };
}

/** The order with item `id` moved to place `to`. */
export function moveTo<T>(order: T[], item: T, to: number): T[] {
  const next = order.filter((other) => other !== item);
  next.splice(to, 0, item);
  return next;
}
