import { Suspense, lazy } from "react";
import { ENQUIRY_LIMITS, PHOTO_ACCEPT } from "~/lib/enquiry-form";
import { loadQuoteExtras } from "./load-quote-extras";
import type { PickedPhoto } from "./picked-photo";

const PhotoList = lazy(() => loadQuoteExtras().then((extras) => ({ default: extras.PhotoList })));

type Props = {
  /** Without JavaScript: a plain file input that sends its own files. */
  enhanced: boolean;
  photos: PickedPhoto[];
  onChange(photos: PickedPhoto[]): void;
  /** Per photo, 0-1, while sending. */
  progress: number[] | null;
  error?: string;
  disabled: boolean;
};

/** The photo field: previews, a remove button and a progress bar per photo once the page is interactive. */
export function PhotoPicker({ enhanced, photos, onChange, progress, error, disabled }: Props) {
  // Previews are object URLs, freed when a photo is removed (the form frees the rest when it goes away).
  const add = (files: FileList | null) => {
    if (!files) return;
    const added = [...files].map((file) => ({ id: crypto.randomUUID(), file, preview: URL.createObjectURL(file) }));
    onChange([...photos, ...added]);
  };
  const remove = (photo: PickedPhoto) => {
    URL.revokeObjectURL(photo.preview);
    onChange(photos.filter((p) => p.id !== photo.id));
  };

  return (
    <div className="mb-3">
      <label htmlFor="quote-photos" className="form-label">
        Photos of the job <span className="text-body-secondary">(optional, up to {ENQUIRY_LIMITS.photos}, at most 15 MB each)</span>
      </label>
      <input
        id="quote-photos"
        name={enhanced ? undefined : "photos"}
        type="file"
        multiple
        accept={PHOTO_ACCEPT}
        className={`form-control${error ? " is-invalid" : ""}`}
        aria-describedby="quote-photos-help quote-photos-error"
        disabled={disabled || (enhanced && photos.length >= ENQUIRY_LIMITS.photos)}
        onChange={
          enhanced
            ? (event) => {
                add(event.currentTarget.files);
                event.currentTarget.value = "";
              }
            : undefined
        }
      />
      <div id="quote-photos-help" className="form-text">
        JPEG, HEIC, PNG, WebP, AVIF or GIF. Only I see them; they are never put on the website.
      </div>
      <div id="quote-photos-error" className="invalid-feedback">
        {error}
      </div>
      {enhanced && photos.length > 0 ? (
        // Drawn by the form's extras, which load on its first focus: by the time photos are chosen they are here.
        <Suspense fallback={null}>
          <PhotoList photos={photos} progress={progress} disabled={disabled} onRemove={remove} />
        </Suspense>
      ) : null}
    </div>
  );
}
