import { useState } from "react";
import { Accordion } from "react-bootstrap";
import { useFetcher } from "react-router";
import { useModal } from "~/components/modal/modal-host";
import type { ManageActionResult, ManagedCategory, ManagedImage } from "~/lib/manage-galleries";
import { useActionResult } from "~/components/use-action-result";
import { BulkActions, useBulkResult } from "./bulk-actions";
import { ImageForm } from "./image-form";
import { PhotoArranger } from "./photo-arranger";

type Props = {
  categories: ManagedCategory[];
  selected: ManagedCategory | null;
  images: ManagedImage[];
  truncated: boolean;
  initialChosenId: string | null;
  coverId: string | null;
};

const BULK_FORM = "bulk-photos";

/** Section 2: pick an image of the selected category and edit, move or delete it. */
export function ImageEditor({ categories, selected, images, truncated, initialChosenId, coverId }: Props) {
  const modal = useModal();
  // Owned here, not by the form: a deleted or moved image leaves the list and its form unmounts.
  const mover = useFetcher<ManageActionResult>();
  const deleter = useFetcher<ManageActionResult>();
  useActionResult(mover, (result) => {
    if (!result.ok) void modal.info({ title: "Error", message: result.message ?? "The image could not be moved." });
  });
  useActionResult(deleter, (result) => {
    if (result.ok) void modal.info({ title: "Image Deleted", message: "The image has been deleted." });
    else void modal.info({ title: "Error", message: result.message ?? "The image could not be deleted." });
  });
  const [chosenId, setChosenId] = useState<string | null>(initialChosenId);
  // The first image is selected; when the chosen one disappears (deleted, moved), fall back to the first.
  const chosen = images.find((i) => i.id === chosenId) ?? images[0] ?? null;
  const [ticked, setTicked] = useState<Set<string>>(() => new Set());
  const bulk = useFetcher<ManageActionResult>();
  useBulkResult(bulk, () => setTicked(new Set()));
  // Only photos still in the list count as selected (others were moved or deleted meanwhile).
  const selectedIds = new Set(images.filter((image) => ticked.has(image.id)).map((image) => image.id));
  const toggle = (id: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Accordion className="mb-4" defaultActiveKey="edit" data-testid="image-editor">
      <Accordion.Item eventKey="edit">
        <Accordion.Header as="h2">Edit Images</Accordion.Header>
        <Accordion.Body>
          {!selected ? (
            <p className="mb-0">Choose or create a category first.</p>
          ) : images.length === 0 ? (
            <p className="mb-0">There are no images in {selected.name} yet.</p>
          ) : (
            <>
              <p className="small text-body-secondary mb-2">
                {images.length} image{images.length === 1 ? "" : "s"} in {selected.name}
                {truncated ? " (showing the first 500)" : ""}. Choose one to edit.
              </p>
              <BulkActions
                fetcher={bulk}
                formId={BULK_FORM}
                selectedIds={selectedIds}
                total={images.length}
                otherCategories={categories.filter((c) => c.id !== selected.id)}
                onSelectAll={(on) => setTicked(on ? new Set(images.map((image) => image.id)) : new Set())}
              />
              <PhotoArranger
                categoryId={selected.id}
                images={images}
                chosenId={chosen?.id ?? null}
                coverId={coverId}
                selectedIds={selectedIds}
                onChoose={setChosenId}
                onToggle={toggle}
                bulkFormId={BULK_FORM}
              />
              {chosen ? (
                <ImageForm
                  key={`${chosen.id}:${chosen.version}`}
                  image={chosen}
                  categoryId={selected.id}
                  place={{ index: images.indexOf(chosen), count: images.length, isCover: chosen.id === coverId }}
                  categories={categories}
                  categoryName={selected.name}
                  mover={mover}
                  deleter={deleter}
                />
              ) : null}
            </>
          )}
        </Accordion.Body>
      </Accordion.Item>
    </Accordion>
  );
}

