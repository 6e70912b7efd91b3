import { useState } from "react";
import { Badge, Button, Form } from "react-bootstrap";
import { useFetcher } from "react-router";
import { ConfirmButton } from "~/components/modal/confirm-button";
import { useModal } from "~/components/modal/modal-host";
import { LIMITS } from "~/lib/schemas/gallery";
import type { ManageActionResult, ManagedCategory, ManagedImage } from "~/lib/manage-galleries";
import { useActionResult } from "~/components/use-action-result";
import { CategorySelect } from "./category-select";
import { type ImageTexts, ImageTextFields } from "./image-text-fields";
import { PhotoOrderButtons } from "./photo-order-buttons";
import { ZoomPreview } from "./zoom-preview";

type Fetcher = ReturnType<typeof useFetcher<ManageActionResult>>;

type FormProps = {
  image: ManagedImage;
  categoryId: number;
  place: { index: number; count: number; isCover: boolean };
  categories: ManagedCategory[];
  categoryName: string;
  mover: Fetcher;
  deleter: Fetcher;
};

export function ImageForm({ image, categoryId, place, categories, categoryName, mover, deleter }: FormProps) {
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
          <dt className="col-4">Place</dt>
          <dd className="col-8" data-testid="edit-image-place">
            {place.index + 1} of {place.count}
            {place.isCover ? " (the cover photo)" : ""}
          </dd>
        </dl>
        <PhotoOrderButtons image={image} categoryId={categoryId} place={place} />
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
