import { useEffect, useRef, useState } from "react";
import { Button, Form as BsForm } from "react-bootstrap";
import { useFetcher } from "react-router";
import type { ProfileAnswer } from "~/lib/profile-answer";
import { AnswerAlert, useFieldErrors } from "./profile-answers";
import { IMAGE_ACCEPT } from "~/lib/image-accept";

/** Change profile picture: a preview of the chosen file, cleared once the upload is saved. */
export function PictureForm({ answer }: { answer: ProfileAnswer | undefined }) {
  const fetcher = useFetcher<ProfileAnswer>();
  const [preview, setPreview] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const errorFor = useFieldErrors(fetcher, answer, () => {
    setPreview(null);
    if (input.current) input.current.value = "";
  });
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  return (
    <fetcher.Form method="post" encType="multipart/form-data" className="mb-4">
      <h3 className="h5">Change profile picture</h3>
      <BsForm.Group controlId="profile-picture-input" className="mb-2">
        <BsForm.Label>Picture</BsForm.Label>
        <BsForm.Control
          ref={input}
          type="file"
          name="picture"
          accept={IMAGE_ACCEPT}
          isInvalid={Boolean(errorFor("picture"))}
          onChange={(event) => {
            const file = (event.target as HTMLInputElement).files?.[0];
            setPreview(file ? URL.createObjectURL(file) : null);
          }}
        />
        <BsForm.Control.Feedback type="invalid">{errorFor("picture")}</BsForm.Control.Feedback>
      </BsForm.Group>
      {preview ? <img src={preview} alt="Preview of the chosen file" width={96} height={96} className="rounded-circle object-fit-cover mb-2 d-block" /> : null}
      <Button type="submit" name="intent" value="picture" disabled={fetcher.state !== "idle"}>
        Upload
      </Button>
      <AnswerAlert answer={answer} />
    </fetcher.Form>
  );
}
