import type { PickedPhoto } from "./picked-photo";

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

type Props = {
  photos: PickedPhoto[];
  /** Per photo, 0-1, while sending. */
  progress: number[] | null;
  disabled: boolean;
  onRemove(photo: PickedPhoto): void;
};

/** The chosen photos: a preview, the name and size, a progress bar while sending, and a remove button each. */
export function PhotoList({ photos, progress, disabled, onRemove }: Props) {
  return (
    <ul className="quote-photo-list" aria-label="Chosen photos">
      {photos.map((photo, index) => (
        <li key={photo.id} className="quote-photo">
          <img src={photo.preview} alt="" width={96} height={72} />
          <div className="quote-photo-text">
            <span className="text-break">{photo.file.name}</span>
            <span className="text-body-secondary small">{megabytes(photo.file.size)}</span>
            {progress ? (
              <div
                className="progress"
                role="progressbar"
                aria-label={`Sending ${photo.file.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round((progress[index] ?? 0) * 100)}
              >
                <div className="progress-bar" style={{ width: `${Math.round((progress[index] ?? 0) * 100)}%` }} />
              </div>
            ) : null}
          </div>
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={disabled} onClick={() => onRemove(photo)}>
            Remove<span className="visually-hidden"> {photo.file.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
