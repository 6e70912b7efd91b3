import { type PointerEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { DRAG_ID, moveTo, useDragOrder } from "~/components/reorder/use-drag-order";
import { type FieldSpec, fieldId, joinPath } from "~/lib/content/editor-fields";
import { CARRIED, PRESENT, getAt, structureIntent, unshownValues, withOrder } from "~/lib/content/editor-form";
import { useHydrated } from "../use-hydrated";

type GroupSpec = Extract<FieldSpec, { kind: "group" }>;

type Props = {
  spec: GroupSpec;
  doc: unknown;
  path: string;
  error?: string;
  /** The fields of one item, read from `doc` (the document with this list in the order shown) under `prefix`. */
  renderFields(doc: unknown, prefix: string): React.ReactNode;
};

function itemName(item: unknown): string | undefined {
  const named = (item as { name?: unknown; question?: unknown; heading?: unknown } | null) ?? {};
  return [named.name, named.question, named.heading].find((v) => typeof v === "string") as string | undefined;
}

/**
 * A list in the editor (services, accreditations, sections, project cards, questions): each item with its fields
 * and "Move up", "Move down" and delete buttons, which post the form (they work without JavaScript). With it, an
 * item is also dragged by its handle, or moved with Alt and the arrow keys on the handle: the form is rearranged
 * in place (its fields renamed for their new places, each item carrying the values the form does not show) and a
 * change event tells the autosave to save the draft.
 */
export function ContentGroup({ spec, doc, path, error, renderFields }: Props) {
  const hydrated = useHydrated();
  const id = fieldId(path);
  const found = getAt(doc, path);
  const list = useMemo(() => (Array.isArray(found) ? (found as unknown[]) : []), [found]);
  // order[place] is the index in `list` of the item shown at that place; a new list (a new revision) starts afresh.
  const [local, setLocal] = useState({ list, order: list.map((_, index) => index) });
  if (local.list !== list) setLocal({ list, order: list.map((_, index) => index) });
  const order = local.order;
  const shown = useMemo(() => withOrder(doc, path, order), [doc, path, order]);
  const section = useRef<HTMLElement>(null);
  const moved = useRef<string | null>(null);

  const drag = useDragOrder({
    order: order.map(String),
    onMove(key, to) {
      moved.current = key;
      setLocal({ list, order: moveTo(order, Number(key), to) });
    },
    captureOnPress: true,
    describe: (key, to, count) => `${spec.itemLabel} "${itemName(list[Number(key)]) ?? Number(key) + 1}" moved to place ${to + 1} of ${count}.`,
  });

  useEffect(() => {
    const key = moved.current;
    if (key === null || !section.current) return;
    moved.current = null;
    // Moving the item's nodes takes the focus from its handle; a keyboard user goes on from where they were.
    if (document.activeElement === document.body) section.current.querySelector<HTMLElement>(`[${DRAG_ID}="${key}"] .content-drag-handle`)?.focus();
    section.current.dispatchEvent(new Event("change", { bubbles: true }));
  }, [order]);

  // While an item is dragged the list is shown compact (each item its title and buttons) so that a service a
  // screen or two tall can be dropped anywhere; the page is scrolled to keep the handle under the pointer as the
  // list shrinks and grows back.
  const sorting = drag.dragging !== null;
  const grip = useRef<{ key: string; offset: number; y: number } | null>(null);
  useLayoutEffect(() => {
    const held = grip.current;
    if (!held || !section.current) return;
    const handle = section.current.querySelector<HTMLElement>(`[${DRAG_ID}="${held.key}"] .content-drag-handle`);
    if (handle) window.scrollBy({ top: handle.getBoundingClientRect().top - (held.y - held.offset), behavior: "instant" });
    if (!sorting) grip.current = null;
  }, [sorting]);
  const handleProps = (key: string) => {
    const handlers = drag.dragHandlers(key);
    return {
      ...handlers,
      onPointerDown(event: PointerEvent<HTMLElement>) {
        grip.current = { key, offset: event.clientY - event.currentTarget.getBoundingClientRect().top, y: event.clientY };
        handlers.onPointerDown(event);
      },
      onPointerMove(event: PointerEvent<HTMLElement>) {
        if (grip.current) grip.current.y = event.clientY;
        handlers.onPointerMove(event);
      },
    };
  };

  const helpId = `${id}-drag-help`;
  return (
    <section className={`content-group mb-4${sorting ? " is-sorting" : ""}`} aria-labelledby={`${id}-heading`} id={id} ref={section}>
      <h2 id={`${id}-heading`} className="h5">
        {spec.label}
      </h2>
      {hydrated && list.length > 1 ? (
        <p id={helpId} className="form-text">
          Drag an item by its “Drag” handle to move it, or focus the handle and press Alt with the up or down arrow key.
        </p>
      ) : null}
      <input type="hidden" name={PRESENT(path)} value="1" />
      {error ? <p className="invalid-feedback d-block">{error}</p> : null}
      {order.map((index, place) => {
        const key = String(index);
        const item = list[index];
        const itemPath = joinPath(path, place);
        const name = itemName(item);
        const title = `${spec.itemLabel} ${place + 1}${name ? `: ${name}` : ""}`;
        return (
          <fieldset key={key} {...{ [DRAG_ID]: key }} className={`content-item ${drag.dragClasses(key, place)}`.trim()} id={fieldId(itemPath)}>
            <legend className="h6 fw-semibold">{title}</legend>
            <input type="hidden" name={PRESENT(itemPath)} value="1" />
            <input type="hidden" name={CARRIED(itemPath)} value={JSON.stringify(unshownValues(spec.fields, item))} />
            {renderFields(shown, itemPath)}
            <div className="content-item-actions">
              {hydrated && list.length > 1 ? (
                <button
                  type="button"
                  className="btn btn-outline-secondary content-drag-handle"
                  aria-label={`Drag to move: ${title}`}
                  aria-describedby={helpId}
                  {...handleProps(key)}
                  onKeyDown={(event) => drag.onKeyDown(event, key)}
                >
                  <span aria-hidden="true">⠿</span> Drag
                </button>
              ) : null}
              <button type="submit" name="intent" value={structureIntent("move-up", path, place)} className="btn btn-outline-secondary" disabled={place === 0} formNoValidate aria-label={`Move up: ${title}`}>
                Move up
              </button>
              <button type="submit" name="intent" value={structureIntent("move-down", path, place)} className="btn btn-outline-secondary" disabled={place === list.length - 1} formNoValidate aria-label={`Move down: ${title}`}>
                Move down
              </button>
              <button type="submit" name="intent" value={structureIntent("delete", path, place)} className="btn btn-outline-danger" disabled={list.length <= 1 && path === ""} formNoValidate aria-label={`${spec.deleteLabel}: ${title}`}>
                {spec.deleteLabel}
              </button>
            </div>
          </fieldset>
        );
      })}
      <button type="submit" name="intent" value={structureIntent("add", path)} className="btn btn-outline-primary" disabled={list.length >= spec.maxItems} formNoValidate>
        {spec.addLabel}
      </button>
      <p className="visually-hidden" aria-live="polite">
        {drag.announcement}
      </p>
    </section>
  );
}
