import { useState } from "react";
import { useFetcher } from "react-router";
import { DRAG_ID, moveTo, useDragOrder } from "~/components/reorder/use-drag-order";
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
  const byId = new Map(images.map((image) => [image.id, image]));

  const drag = useDragOrder({
    order,
    onMove(id, to) {
      const from = order.indexOf(id);
      setOrder(moveTo(order, id, to));
      void mover.submit({ intent: "move-photo", imageId: id, after: afterFor(order, from, to) }, { method: "post" });
    },
    describe: (id, to, count) => `${byId.get(id)?.name ?? "Photo"} moved to place ${to + 1} of ${count}.`,
  });

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
          return (
            <li key={id} data-photo-id={id} {...{ [DRAG_ID]: id }} className={`thumb-picker-slot ${drag.dragClasses(id, index)}`.trim()} {...drag.dragHandlers(id)}>
              <button
                type="submit"
                form="choose-photo"
                name="photo"
                value={id}
                className={`thumb-picker-item${id === chosenId ? " is-selected" : ""}`}
                aria-pressed={id === chosenId}
                aria-label={image.name}
                title={image.name}
                onKeyDown={(event) => drag.onKeyDown(event, id)}
                onClick={(event) => {
                  event.preventDefault();
                  if (!drag.takeDropClick()) onChoose(id);
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
        {drag.announcement}
      </p>
    </>
  );
}
