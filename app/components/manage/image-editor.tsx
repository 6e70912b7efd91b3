import { useState } from "react";
import { Accordion, Badge, Button, Form } from "react-bootstrap";
import { useFetcher } from "react-router";
import { ConfirmButton } from "~/components/modal/confirm-button";
import { useModal } from "~/components/modal/modal-host";
import { LIMITS } from "~/lib/schemas/gallery";
import type { ManageActionResult, ManagedCategory, ManagedImage } from "~/lib/manage-galleries";
import { useActionResult } from "~/components/use-action-result";
import { CategorySelect } from "./category-select";
import { type ImageTexts, ImageTextFields } from "./image-text-fields";
import { ResponsiveImage } from "./responsive-image";
import { ZoomPreview } from "./zoom-preview";

type Props = {
  categories: ManagedCategory[];
  selected: ManagedCategory | null;
  images: ManagedImage[];
  truncated: boolean;
};

/** Section 2: pick an image of the selected category and edit, move or delete it. */
export function ImageEditor({ categories, selected, images, truncated }: Props) {
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
  const [chosenId, setChosenId] = useState<string | null>(images[0]?.id ?? null);
  // The first image is selected; when the chosen one disappears (deleted, moved), fall back to the first.
  const chosen = images.find((i) => i.id === chosenId) ?? images[0] ?? null;

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
                {truncated ? " (showing the oldest 500)" : ""}. Choose one to edit.
              </p>
              <div className="thumb-picker mb-3" role="group" aria-label="Images in this category">
                {images.map((image) => (
                  <button
                    key={image.id}
                    type="button"
                    className={`thumb-picker-item${image.id === chosen?.id ? " is-selected" : ""}`}
                    aria-pressed={image.id === chosen?.id}
                    aria-label={image.name}
                    title={image.name}
                    onClick={() => setChosenId(image.id)}
                  >
                    <ResponsiveImage sources={image.thumb} alt="" width={80} height={80} cover />
                  </button>
                ))}
              </div>
              {chosen ? (
                <ImageForm
                  key={`${chosen.id}:${chosen.version}`}
                  image={chosen}
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

type Fetcher = ReturnType<typeof useFetcher<ManageActionResult>>;

type FormProps = {
  image: ManagedImage;
  categories: ManagedCategory[];
  categoryName: string;
  mover: Fetcher;
  deleter: Fetcher;
};

function ImageForm({ image, categories, categoryName, mover, deleter }: FormProps) {
  const modal = useModal();
  const saver = useFetcher<ManageActionResult>();
  const [name, setName] = useState(image.name);
  const [texts, setTexts] = useState<ImageTexts>({ title: image.title, caption: image.caption });
  const otherCategories = categories.filter((c) => c.name !== categoryName);
  const [target, setTarget] = useState<string>(String(otherCategories[0]?.id ?? ""));
  const dirty = name !== image.name || texts.title !== image.title || texts.caption !== image.caption;
  const saveError = saver.data && !saver.data.ok ? saver.data : undefined;
  const nameError = saveError?.field === "name" || saveError?.field === "imageName" ? saveError.message : undefined;

  useActionResult(saver, (result) => {
    if (!result.ok && result.field !== "name" && result.field !== "imageName" && result.field !== "title" && result.field !== "caption") {
      void modal.info({ title: "Error", message: `Error saving image: ${result.message}` });
    }
  });
  return (
    <div className="row g-4">
      <div className="col-lg-6">
        <ZoomPreview sources={image.preview} alt={image.title || image.caption || image.name} />
        {image.status !== "ready" ? (
          <Badge bg={image.status === "failed" ? "danger" : "secondary"} className="mt-2">
            {image.status === "failed" ? "Some sizes could not be made" : "Still making the other sizes"}
          </Badge>
        ) : null}
      </div>
      <div className="col-lg-6">
        <dl className="row small mb-2">
          <dt className="col-4">Category</dt>
          <dd className="col-8" data-testid="edit-category-name">{categoryName}</dd>
          <dt className="col-4">Image</dt>
          <dd className="col-8 text-break" data-testid="edit-image-name">{image.name}</dd>
        </dl>
        <saver.Form method="post" noValidate>
          <input type="hidden" name="intent" value="save-image" />
          <input type="hidden" name="imageId" value={image.id} />
          <input type="hidden" name="version" value={image.version} />
          <Form.Group controlId="edit-name" className="mb-2">
            <Form.Label>Image name</Form.Label>
            <Form.Control
              name="name"
              value={name}
              maxLength={LIMITS.imageName}
              onChange={(e) => setName(e.target.value)}
              isInvalid={nameError !== undefined}
            />
            <Form.Control.Feedback type="invalid">{nameError}</Form.Control.Feedback>
          </Form.Group>
          <ImageTextFields
            idPrefix="edit"
            named
            texts={texts}
            onChange={setTexts}
            errors={{
              title: saveError?.field === "title" ? saveError.message : null,
              caption: saveError?.field === "caption" ? saveError.message : null,
            }}
          />
          <div className="d-flex flex-wrap gap-2">
            {dirty ? (
              <Button type="submit" disabled={saver.state !== "idle"}>
                Save Image
              </Button>
            ) : null}
            <ConfirmButton
              variant="outline-danger"
              disabled={deleter.state !== "idle"}
              confirm={{
                title: "Delete image?",
                message: `"${image.name}" will be deleted with all its sizes. This cannot be undone.`,
                confirmLabel: "Delete image",
                danger: true,
              }}
              onConfirm={() => void deleter.submit({ intent: "delete-image", imageId: image.id }, { method: "post" })}
            >
              Delete Image
            </ConfirmButton>
          </div>
        </saver.Form>
        {otherCategories.length > 0 ? (
          <mover.Form method="post" className="mt-3 d-flex flex-wrap gap-2 align-items-end">
            <input type="hidden" name="intent" value="move-image" />
            <input type="hidden" name="imageId" value={image.id} />
            <input type="hidden" name="version" value={image.version} />
            <CategorySelect
              id="move-target"
              label="Move to category"
              name="categoryId"
              categories={otherCategories}
              value={target}
              onChange={setTarget}
              className="flex-grow-1"
            />
            <Button type="submit" variant="outline-primary" disabled={mover.state !== "idle"}>
              Move
            </Button>
          </mover.Form>
        ) : null}
      </div>
    </div>
  );
}
