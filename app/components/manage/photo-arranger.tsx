import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { ManageActionResult, ManagedImage } from "~/lib/manage-galleries";
import { ResponsiveImage } from "./responsive-image";

type Props = {
  categoryId: number;
  images: ManagedImage[];
  chosenId: string | null;
  coverId: string | null;
  selectedIds: Set<string>;
  onChoose(id: string): void;
  onToggle(id: string, on: boolean): void;
  /** The form the checkboxes belong to (the bulk actions'). */
  bulkFormId: string;
};

/** Where a photo dropped at index `to` goes, as the action's `after` field: the id it follows, "" for first. */
function afterFor(order: string[], from: number, to: number): string {
  const others = order.filter((_, i) => i !== from);
  return to === 0 ? "" : (others[to - 1] ?? "");
}

/**
 * The photos of a category in the owner's order, to choose one, tick several, and rearrange them: dragged with a
 * mouse or a finger (pointer events, so touch works too), or moved with Alt+arrow keys on a focused photo. Each
 * move is sent at once (one row written on the server) and shown straight away. Without JavaScript each photo is
 * a plain submit button that opens it (?photo=), and the "Move earlier" and "Move later" buttons still work.
 */
export function PhotoArranger({ categoryId, images, chosenId, coverId, selectedIds, onChoose, onToggle, bulkFormId }: Props) {
  const mover = useFetcher<ManageActionResult>();
  // The server's order wins whenever it arrives (after each move's revalidation); until then, the local one shows.
  const serverOrder = images.map((image) => image.id).join(",");
  const [local, setLocal] = useState({ from: serverOrder, order: images.map((image) => image.id) });
  if (local.from !== serverOrder) setLocal({ from: serverOrder, order: images.map((image) => image.id) });
  const order = local.order;
  const setOrder = (next: string[]) => setLocal({ from: serverOrder, order: next });
  const [dragging, setDragging] = useState<{ id: string; over: number } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const press = useRef<{ id: string; x: number; y: number; pointerId: number } | null>(null);
  const suppressClick = useRef(false);
  const byId = new Map(images.map((image) => [image.id, image]));

  const move = (id: string, to: number) => {
    const from = order.indexOf(id);
    if (from < 0 || to < 0 || to >= order.length || to === from) return;
    const next = order.filter((other) => other !== id);
    next.splice(to, 0, id);
    setOrder(next);
    setAnnouncement(`${byId.get(id)?.name ?? "Photo"} moved to place ${to + 1} of ${order.length}.`);
    void mover.submit({ intent: "move-photo", imageId: id, after: afterFor(order, from, to) }, { method: "post" });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, id: string) => {
    if (!event.altKey) return;
    const from = order.indexOf(id);
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    const to = event.key === "Home" ? 0 : event.key === "End" ? order.length - 1 : step === undefined ? null : from + step;
    if (to === null) return;
    event.preventDefault();
    move(id, to);
  };

  const indexAt = (x: number, y: number) => {
    const target = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-photo-id]");
    return target ? order.indexOf(target.dataset.photoId ?? "") : -1;
  };
  const onPointerDown = (event: PointerEvent<HTMLLIElement>, id: string) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest("input")) return;
    press.current = { id, x: event.clientX, y: event.clientY, pointerId: event.pointerId };
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    const start = press.current;
    if (!start || start.pointerId !== event.pointerId) return;
    if (!dragging && Math.hypot(event.clientX - start.x, event.clientY - start.y) < 8) return;
    if (!dragging) event.currentTarget.setPointerCapture(event.pointerId);
    const over = indexAt(event.clientX, event.clientY);
    setDragging({ id: start.id, over: over < 0 ? (dragging?.over ?? order.indexOf(start.id)) : over });
  };
  const onPointerUp = () => {
    if (dragging) {
      suppressClick.current = true;
      move(dragging.id, dragging.over);
    }
    press.current = null;
    setDragging(null);
  };

  return (
    <>
      <form method="get" id="choose-photo" hidden>
        <input type="hidden" name="category" value={categoryId} />
      </form>
      <p className="small text-body-secondary mb-2" id="arrange-help">
        Drag photos to change their order, or focus one and press Alt with the arrow keys. Tick photos to move or delete
        several at once.
      </p>
      <ul className="thumb-picker list-unstyled mb-3" aria-label="Images in this category" aria-describedby="arrange-help">
        {order.map((id, index) => {
          const image = byId.get(id);
          if (!image) return null;
          const classes = [
            "thumb-picker-slot",
            dragging?.id === id ? "is-dragging" : "",
            dragging && dragging.id !== id && dragging.over === index ? "is-drop-target" : "",
          ];
          return (
            <li
              key={id}
              data-photo-id={id}
              className={classes.filter(Boolean).join(" ")}
              onPointerDown={(event) => onPointerDown(event, id)}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onDragStart={(event) => event.preventDefault()}
              onPointerCancel={() => {
                press.current = null;
                setDragging(null);
              }}
            >
              <button
                type="submit"
                form="choose-photo"
                name="photo"
                value={id}
                className={`thumb-picker-item${id === chosenId ? " is-selected" : ""}`}
                aria-pressed={id === chosenId}
                aria-label={image.name}
                title={image.name}
                onKeyDown={(event) => onKeyDown(event, id)}
                onClick={(event) => {
                  event.preventDefault();
                  if (suppressClick.current) suppressClick.current = false;
                  else onChoose(id);
                }}
              >
                <ResponsiveImage sources={image.thumb} alt="" width={80} height={80} cover />
                {id === coverId ? <span className="thumb-picker-cover badge text-bg-primary">Cover</span> : null}
              </button>
              <input
                type="checkbox"
                className="form-check-input thumb-picker-check"
                name="imageIds"
                value={id}
                form={bulkFormId}
                aria-label={image.name}
                checked={selectedIds.has(id)}
                onChange={(event) => onToggle(id, event.target.checked)}
              />
            </li>
          );
        })}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
