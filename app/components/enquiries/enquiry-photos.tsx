import { useState } from "react";
import { Button, Modal } from "react-bootstrap";

export type EnquiryPhotoView = { id: string; name: string; width: number; height: number; full: string; thumb: string };

/**
 * The customer's photos as thumbnails, each a link to the full photo (so they open without scripts too); with
 * scripts a click opens the lightbox, with Previous and Next and the arrow keys.
 */
export function EnquiryPhotos({ photos }: { photos: EnquiryPhotoView[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const [shown, setShown] = useState(0);
  const current = photos[shown];
  const step = (by: number) => setShown((i) => (i + by + photos.length) % photos.length);

  if (photos.length === 0) return <p className="text-body-secondary">No photos were sent.</p>;
  return (
    <>
      <ul className="enquiry-photo-grid list-unstyled" aria-label="Photos">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <a
              href={photo.full}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                setShown(index);
                setOpen(index);
              }}
            >
              <img src={photo.thumb} alt={photo.name} width={photo.width} height={photo.height} loading="lazy" />
            </a>
            <span className="small text-body-secondary text-break">{photo.name}</span>
          </li>
        ))}
      </ul>
      <Modal
        show={open !== null}
        onHide={() => setOpen(null)}
        fullscreen
        className="lightbox"
        aria-labelledby="enquiry-photo-title"
        onKeyDown={(event: React.KeyboardEvent) => {
          if (event.key === "ArrowLeft") step(-1);
          if (event.key === "ArrowRight") step(1);
        }}
      >
        <Modal.Header closeButton closeVariant="white">
          <Modal.Title id="enquiry-photo-title" className="h6">
            Photo {shown + 1} of {photos.length}: {current?.name}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="d-flex align-items-center justify-content-center">
          {current ? <img src={current.full} alt={current.name} className="enquiry-photo-large" /> : null}
        </Modal.Body>
        {photos.length > 1 ? (
          <Modal.Footer className="justify-content-between">
            <Button variant="outline-light" onClick={() => step(-1)}>
              Previous
            </Button>
            <Button variant="outline-light" onClick={() => step(1)}>
              Next
            </Button>
          </Modal.Footer>
        ) : null}
      </Modal>
    </>
  );
}
