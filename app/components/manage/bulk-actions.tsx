import { useState } from "react";
import { Button, Form } from "react-bootstrap";
import { type useFetcher } from "react-router";
import { ConfirmButton } from "~/components/modal/confirm-button";
import { useModal } from "~/components/modal/modal-host";
import { useActionResult } from "~/components/use-action-result";
import type { ManageActionResult, ManagedCategory } from "~/lib/manage-galleries";

type Props = {
  /** Owned by the editor, which stays when the last photo leaves the list, so the result is still shown. */
  fetcher: ReturnType<typeof useFetcher<ManageActionResult>>;
  formId: string;
  selectedIds: Set<string>;
  total: number;
  otherCategories: ManagedCategory[];
  onSelectAll(on: boolean): void;
};

const photos = (n: number) => `${n} photo${n === 1 ? "" : "s"}`;

/** Tells the admin how a bulk move or delete went; used by the editor that owns the fetcher. */
export function useBulkResult(fetcher: ReturnType<typeof useFetcher<ManageActionResult>>, onDone: () => void) {
  const modal = useModal();
  useActionResult(fetcher, (result) => {
    if (!result.ok) {
      void modal.info({ title: "Error", message: result.message ?? "Nothing was changed." });
      return;
    }
    onDone();
    const done = result.intent === "delete-selected" ? "deleted" : "moved";
    void modal.info({ title: "Done", message: `${photos(result.count ?? 0)} ${done}.` });
  });
}

/** Many photos at once: the ticked ones moved to another category, or deleted after one confirmation. */
export function BulkActions({ fetcher, formId, selectedIds, total, otherCategories, onSelectAll }: Props) {
  const [target, setTarget] = useState(String(otherCategories[0]?.id ?? ""));
  const count = selectedIds.size;
  const submit = (intent: "move-selected" | "delete-selected") => {
    const form = new FormData();
    form.set("intent", intent);
    if (intent === "move-selected") form.set("categoryId", target);
    for (const id of selectedIds) form.append("imageIds", id);
    void fetcher.submit(form, { method: "post" });
  };
  const busy = fetcher.state !== "idle";

  return (
    <fetcher.Form
      method="post"
      id={formId}
      className="d-flex flex-wrap gap-2 align-items-center mb-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit("move-selected");
      }}
    >
      <Form.Check
        id="select-all-photos"
        label="Select all"
        checked={count > 0 && count === total}
        onChange={(event) => onSelectAll(event.target.checked)}
      />
      <span className="small text-body-secondary" aria-live="polite">
        {count > 0 ? `${photos(count)} selected` : "None selected"}
      </span>
      {otherCategories.length > 0 ? (
        <>
          <Button type="submit" size="sm" variant="outline-primary" name="intent" value="move-selected" disabled={busy || count === 0}>
            Move selected to
          </Button>
          <Form.Select
            name="categoryId"
            aria-label="Move selected to"
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            className="w-auto"
            size="sm"
          >
            {otherCategories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </Form.Select>
        </>
      ) : null}
      <ConfirmButton
        size="sm"
        variant="outline-danger"
        disabled={busy || count === 0}
        confirm={{
          title: `Delete ${photos(count)}?`,
          message: `${photos(count)} will be deleted with all their sizes. This cannot be undone.`,
          confirmLabel: `Delete ${photos(count)}`,
          danger: true,
        }}
        onConfirm={() => submit("delete-selected")}
      >
        Delete selected
      </ConfirmButton>
    </fetcher.Form>
  );
}
