import { useEffect, useRef, useState } from "react";
import { Alert, Button, Form, ProgressBar, Spinner } from "react-bootstrap";
import { useFetcher, useRevalidator, useSearchParams } from "react-router";
import { useModal } from "~/components/modal/modal-host";
import { IMAGE_ACCEPT } from "~/lib/image-accept";
import { LIMITS } from "~/lib/schemas/gallery";
import type { ManageActionResult, ManagedCategory } from "~/lib/manage-galleries";
import { useActionResult } from "~/components/use-action-result";
import { CategoryNameField } from "./category-name-field";
import { type ImageTexts, ImageTextFields } from "./image-text-fields";
import { type UploadItem, nameFromFile, uploadOne } from "./upload-file";

const MESSAGES = {
  noCategory: "Please select a category or create a new one",
  noFile: "Please select an image file",
  noName: "Please enter a file name",
};

/** Section 3: add a category, choose one or more pictures, name them and upload. */
export function UploadPanel({ selected }: { selected: ManagedCategory | null }) {
  const modal = useModal();
  const revalidator = useRevalidator();
  const [, setSearchParams] = useSearchParams();
  const creator = useFetcher<ManageActionResult>();
  const [newCategory, setNewCategory] = useState("");
  const [items, setItems] = useState<UploadItem[]>([]);
  const [texts, setTexts] = useState<ImageTexts>({ title: "", caption: "" });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useActionResult(creator, (result) => {
    if (result.ok && result.categoryId) {
      setNewCategory("");
      setProblem(null);
      setSearchParams({ category: String(result.categoryId) }, { preventScrollReset: true });
    }
  });
  const createError = creator.data && !creator.data.ok ? creator.data.message : undefined;

  // Previews are object URLs; release them when the list changes or the page goes.
  useEffect(() => () => items.forEach((item) => URL.revokeObjectURL(item.preview)), [items]);

  const update = (key: string, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const choose = (files: FileList | null) => {
    setProblem(null);
    setItems(
      Array.from(files ?? []).map((file, index) => ({
        key: `${Date.now()}-${index}`,
        file,
        name: nameFromFile(file.name).slice(0, LIMITS.imageName),
        preview: URL.createObjectURL(file),
        progress: 0,
        state: "waiting",
      })),
    );
  };

  const upload = async () => {
    if (!selected) return setProblem(MESSAGES.noCategory);
    if (items.length === 0) return setProblem(MESSAGES.noFile);
    if (items.some((item) => item.name.trim() === "")) return setProblem(MESSAGES.noName);
    setProblem(null);
    setBusy(true);
    const failures: string[] = [];
    try {
      for (const item of items) {
        if (item.state === "done") continue;
        const result = await uploadOne(item, { categoryId: selected.id, ...texts }, (change) => update(item.key, change));
        if (!result.ok) failures.push(result.field === "name" ? `${result.message}: Please enter a  new name or delete the existing image` : result.message);
      }
    } finally {
      // Whatever happened, the page is usable again: the overlay goes and Upload can be pressed.
      setBusy(false);
    }
    revalidator.revalidate();
    if (failures.length === 0) {
      setItems([]);
      setTexts({ title: "", caption: "" });
      if (fileInput.current) fileInput.current.value = "";
      await modal.info({ title: "Success", message: items.length === 1 ? "Image uploaded successfully" : `${items.length} images uploaded successfully` });
    } else {
      // Keep the failed ones on screen, so their names can be changed and tried again.
      setItems((current) => current.filter((item) => item.state !== "done"));
      await modal.info({ title: "Error", message: failures.join("\n") });
    }
  };

  return (
    <section aria-labelledby="upload-heading" className="card card-body mb-4 position-relative">
      <h2 id="upload-heading" className="h4">
        Upload a new image
      </h2>
      <creator.Form method="post" className="mb-3" noValidate>
        <input type="hidden" name="intent" value="create-category" />
        <CategoryNameField
          id="new-category"
          label="Add new Category"
          value={newCategory}
          onChange={setNewCategory}
          submitLabel="Add"
          variant="outline-primary"
          busy={creator.state !== "idle"}
          error={createError}
        />
      </creator.Form>

      <p className="mb-2">
        Uploading into: <strong data-testid="upload-category">{selected ? selected.name : "no category selected"}</strong>
      </p>
      <Form.Group controlId="upload-files" className="mb-3">
        <Form.Label>Image files</Form.Label>
        <Form.Control ref={fileInput} type="file" accept={IMAGE_ACCEPT} multiple onChange={(e) => choose((e.target as HTMLInputElement).files)} />
        <Form.Text>JPEG, HEIC, PNG, WebP, AVIF or GIF, up to 25 MB each. You can choose several at once.</Form.Text>
      </Form.Group>

      {items.map((item, index) => (
        <div key={item.key} className="d-flex gap-3 align-items-start mb-3" data-testid="upload-item">
          <img src={item.preview} alt="" width={72} height={72} className="rounded object-fit-cover flex-shrink-0" />
          <div className="flex-grow-1">
            <Form.Label htmlFor={`upload-name-${item.key}`}>{items.length === 1 ? "File name" : `File name ${index + 1}`}</Form.Label>
            <Form.Control
              id={`upload-name-${item.key}`}
              value={item.name}
              maxLength={LIMITS.imageName}
              onChange={(e) => update(item.key, { name: e.target.value, state: "waiting", error: undefined })}
              isInvalid={Boolean(item.error)}
            />
            {item.error ? <div className="invalid-feedback d-block">{item.error}</div> : null}
            {/* The bar inside its track, so its accessible name lands on the element with the progressbar role. */}
            <ProgressBar className="mt-2">
              {item.state === "failed" ? (
                // A refused or broken upload is not "99 % done": the bar says it stopped, and the message above says why.
                <ProgressBar now={100} label="Not uploaded" variant="danger" aria-label={`Upload progress of ${item.name || "this file"}`} />
              ) : (
                <ProgressBar
                  now={item.progress}
                  label={`${item.progress}%`}
                  visuallyHidden={item.progress === 0}
                  variant={item.state === "done" ? "success" : undefined}
                  aria-label={`Upload progress of ${item.name || "this file"}`}
                />
              )}
            </ProgressBar>
          </div>
        </div>
      ))}

      <ImageTextFields idPrefix="upload" texts={texts} onChange={setTexts} />
      {problem ? (
        <Alert variant="danger" className="py-2" data-testid="upload-problem">
          {problem}
        </Alert>
      ) : null}
      <div>
        <Button onClick={upload} disabled={busy}>
          Upload
        </Button>
      </div>
      {busy ? (
        <div className="upload-overlay" role="status">
          <Spinner animation="border" />
          <strong>Uploading Image...</strong>
        </div>
      ) : null}
    </section>
  );
}
