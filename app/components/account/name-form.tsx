import { Button, Form as BsForm } from "react-bootstrap";
import { useFetcher } from "react-router";
import type { ProfileAnswer } from "~/lib/profile-answer";
import { AnswerAlert, useFieldErrors } from "./profile-answers";

/** Change display name. */
export function NameForm({ current, answer }: { current: string; answer: ProfileAnswer | undefined }) {
  const fetcher = useFetcher<ProfileAnswer>();
  const errorFor = useFieldErrors(fetcher, answer);
  return (
    <fetcher.Form method="post" className="mb-4" noValidate>
      <h3 className="h5">Change display name</h3>
      <BsForm.Group controlId="profile-name-input" className="mb-2">
        <BsForm.Label>Display name</BsForm.Label>
        <BsForm.Control name="name" defaultValue={current} maxLength={80} isInvalid={Boolean(errorFor("name"))} />
        <BsForm.Control.Feedback type="invalid">{errorFor("name")}</BsForm.Control.Feedback>
      </BsForm.Group>
      <Button type="submit" name="intent" value="name" disabled={fetcher.state !== "idle"}>
        Save name
      </Button>
      <AnswerAlert answer={answer} />
    </fetcher.Form>
  );
}
