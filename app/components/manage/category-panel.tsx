import { useState } from "react";
import { Button } from "react-bootstrap";
import { useFetcher, useRevalidator, useSearchParams } from "react-router";
import { ConfirmButton } from "~/components/modal/confirm-button";
import { useModal } from "~/components/modal/modal-host";
import type { ManageActionResult, ManagedCategory } from "~/lib/manage-galleries";
import { useActionResult } from "~/components/use-action-result";
import { CategoryNameField } from "./category-name-field";
import { CategorySelect } from "./category-select";

type Props = { categories: ManagedCategory[]; selected: ManagedCategory | null };

/** Section 1: choose, rename, refresh and delete categories. */
export function CategoryPanel({ categories, selected }: Props) {
  const [, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const modal = useModal();
  const renamer = useFetcher<ManageActionResult>();
  const deleter = useFetcher<ManageActionResult>();
  const orderer = useFetcher<ManageActionResult>();
  const [newName, setNewName] = useState("");

  useActionResult(renamer, (result) => {
    if (result.ok) setNewName("");
    else void modal.info({ title: "Error", message: result.message ?? "The category could not be renamed." });
  });
  useActionResult(deleter, (result) => {
    if (result.ok) {
      setSearchParams({}, { replace: true, preventScrollReset: true });
      void modal.info({ title: "Category Deleted", message: "Category has been deleted successfully" });
    } else {
      void modal.info({ title: "Error", message: result.message ?? "The category could not be deleted." });
    }
  });

  const choose = (id: string) => setSearchParams(id ? { category: id } : {}, { preventScrollReset: true });

  return (
    <section aria-labelledby="categories-heading" className="card card-body mb-4">
      <h2 id="categories-heading" className="h4">
        Categories
      </h2>
      {categories.length === 0 ? (
        <p className="mb-0">There are no categories yet. Add one in "Upload a new image" below.</p>
      ) : (
        <>
          <CategorySelect id="category-select" label="Selected category" categories={categories} value={selected?.id ?? ""} onChange={choose} className="mb-3" />
          <renamer.Form method="post" className="mb-3" noValidate>
            <input type="hidden" name="intent" value="rename-category" />
            <input type="hidden" name="categoryId" value={selected?.id ?? ""} />
            <CategoryNameField
              id="category-rename"
              label="Edit Selected Category"
              value={newName}
              onChange={setNewName}
              submitLabel="Change"
              busy={renamer.state !== "idle"}
              placeholder={selected?.name}
              // The spec's cue that a rename is pending.
              className={newName ? "border-danger border-2" : undefined}
              data-testid="category-rename"
            />
          </renamer.Form>
          {selected ? (
            // A plain form, like the photos' buttons: the Galleries menu follows this order.
            <orderer.Form method="post" action={`?category=${selected.id}`} className="d-flex flex-wrap gap-2 mb-3">
              <input type="hidden" name="intent" value="move-category" />
              <input type="hidden" name="categoryId" value={selected.id} />
              <Button type="submit" name="direction" value="earlier" size="sm" variant="outline-secondary" disabled={categories[0]?.id === selected.id}>
                Move category earlier
              </Button>
              <Button type="submit" name="direction" value="later" size="sm" variant="outline-secondary" disabled={categories.at(-1)?.id === selected.id}>
                Move category later
              </Button>
            </orderer.Form>
          ) : null}
          <div className="d-flex flex-wrap gap-2">
            <Button variant="outline-secondary" onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
              Refresh List
            </Button>
            {selected ? (
              <ConfirmButton
                variant="outline-danger"
                disabled={deleter.state !== "idle"}
                confirm={{
                  title: "Delete category?",
                  message: `"${selected.name}" and every image in it will be deleted. This cannot be undone.`,
                  confirmLabel: "Delete category",
                  danger: true,
                }}
                onConfirm={() => void deleter.submit({ intent: "delete-category", categoryId: selected.id }, { method: "post" })}
              >
                Delete Selected Category
              </ConfirmButton>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
