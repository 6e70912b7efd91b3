import { useState } from "react";
import { useSubmit } from "react-router";
import { sendFile } from "~/components/manage/upload-file";
import { IMAGE_ACCEPT } from "~/lib/image-accept";
import { PROJECT_LIMITS } from "~/lib/projects/project";

export const UPLOAD_FORM_ID = "project-upload";

type Props = {
  categories: { options: { value: string; label: string }[]; chosen: string };
  targets: { value: string; label: string }[];
  chosenTarget: string;
  projectId: string;
  /** The editor's autosave: with JavaScript what was typed is saved before the photo is placed. */
  saveFirst: () => Promise<void>;
};

/**
 * Upload a photo from the project editor. It goes where Manage Galleries' uploads go (the resumable endpoint, the
 * image pipeline, a gallery category), and then into the project where the owner said. Its fields belong to a form
 * of their own (UploadForm, outside the editor's form: forms do not nest); without JavaScript that form is a plain
 * multipart post, with it the editor saves what was typed, the bytes go through the resumable endpoint, and the
 * form follows with the upload's id instead of the bytes.
 */
export function ProjectPhotoUpload({ categories, targets, chosenTarget, projectId, saveFirst }: Props) {
  return (
    <fieldset className="border rounded p-2 mb-3" data-no-autosave aria-describedby="upload-photo-hint">
      <legend className="fs-6 fw-semibold float-none w-auto px-1">Upload a photo</legend>
      <p id="upload-photo-hint" className="form-text mt-0">
        The photo joins a gallery category too, like any photo uploaded under Galleries.
        <noscript> Save your changes first: uploading reloads the page.</noscript>
      </p>
      <div className="mb-2">
        <label htmlFor="upload-photo-file" className="form-label">
          Photo file
        </label>
        <input id="upload-photo-file" form={UPLOAD_FORM_ID} name="photos" type="file" accept={IMAGE_ACCEPT} className="form-control" />
        <div className="form-text">JPEG, HEIC, PNG, WebP, AVIF or GIF, up to 15 MB.</div>
      </div>
      <div className="row g-2">
        <UploadChoice id="upload-photo-target" name="uploadTarget" label="Put it in" options={targets} chosen={chosenTarget} />
        <UploadChoice id="upload-photo-category" name="uploadCategory" label="Gallery category" options={categories.options} chosen={categories.chosen} />
      </div>
      <div className="mb-2">
        <label htmlFor="upload-photo-alt" className="form-label">
          Alt text
        </label>
        <input id="upload-photo-alt" form={UPLOAD_FORM_ID} name="uploadAlt" className="form-control" maxLength={PROJECT_LIMITS.alt} autoComplete="off" aria-describedby="upload-photo-alt-hint" />
        <div id="upload-photo-alt-hint" className="form-text">
          What the photo shows; also its title in the gallery.
        </div>
      </div>
      <UploadButton projectId={projectId} saveFirst={saveFirst} />
    </fieldset>
  );
}

type ChoiceProps = { id: string; name: string; label: string; options: { value: string; label: string }[]; chosen: string };

function UploadChoice({ id, name, label, options, chosen }: ChoiceProps) {
  return (
    <div className="col-sm-6 mb-2">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select id={id} form={UPLOAD_FORM_ID} name={name} className="form-select" defaultValue={chosen}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function UploadButton({ projectId, saveFirst }: Pick<Props, "projectId" | "saveFirst">) {
  const submit = useSubmit();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (event: React.MouseEvent<HTMLButtonElement>) => {
    const uploadForm = document.getElementById(UPLOAD_FORM_ID) as HTMLFormElement | null;
    const file = (uploadForm?.elements.namedItem("photos") as HTMLInputElement | null)?.files?.[0];
    if (!uploadForm) return; // not hydrated: the plain post goes ahead
    event.preventDefault();
    if (!file) return setProblem("Please choose a photo to upload.");
    setProblem(null);
    setProgress(0);
    let uploadId: string;
    try {
      [uploadId] = await Promise.all([sendFile(file, setProgress), saveFirst()]);
    } catch (error) {
      setProgress(null);
      return setProblem((error as Error).message);
    }
    const body = new FormData(uploadForm);
    body.delete("photos");
    body.set("uploadId", uploadId);
    await submit(body, { method: "post", action: `/manage/projects/${projectId}`, encType: "application/x-www-form-urlencoded" });
    setProgress(null);
  };

  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <button type="submit" form={UPLOAD_FORM_ID} className="btn btn-outline-primary" onClick={(event) => void upload(event)} disabled={progress !== null}>
        Upload and place
      </button>
      {progress !== null ? (
        <span role="status" className="small">
          {progress < 99 ? `Uploading… ${progress} %` : "Making the photo’s sizes…"}
        </span>
      ) : null}
      {problem ? (
        <span role="alert" className="small text-danger fw-semibold">
          {problem}
        </span>
      ) : null}
    </div>
  );
}

/** The upload's own form, placed after the editor's: a plain multipart post to the editor's action. */
export function UploadForm({ action, revision }: { action: string; revision: number }) {
  return (
    <form id={UPLOAD_FORM_ID} method="post" action={action} encType="multipart/form-data" hidden>
      <input type="hidden" name="intent" value="upload-file" />
      <input type="hidden" name="revision" value={revision} />
    </form>
  );
}
