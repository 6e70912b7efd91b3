import { Button } from "react-bootstrap";
import { useFetcher } from "react-router";
import { PasswordField } from "~/components/forms/password-field";
import { useModal } from "~/components/modal/modal-host";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import type { ProfileAnswer } from "~/lib/profile-answer";
import { AnswerAlert, useFieldErrors } from "./profile-answers";

/** Change password (accounts with one): on success every session ends, so the page reloads with the new cookie. */
export function PasswordForm({ answer }: { answer: ProfileAnswer | undefined }) {
  const fetcher = useFetcher<ProfileAnswer>();
  const modal = useModal();
  const errorFor = useFieldErrors(fetcher, answer, () => {
    void modal.info({ title: AUTH_MESSAGES.passwordChangedTitle, message: AUTH_MESSAGES.passwordChanged }).then(() => window.location.reload());
  });
  return (
    <fetcher.Form method="post" className="mb-4" noValidate>
      <h3 className="h5">Change password</h3>
      <PasswordField name="currentPassword" label="Old password" autoComplete="current-password" error={errorFor("currentPassword")} />
      <PasswordField name="newPassword" label="New password" autoComplete="new-password" error={errorFor("newPassword")} />
      <Button type="submit" name="intent" value="password" disabled={fetcher.state !== "idle"}>
        Change password
      </Button>
      <AnswerAlert answer={answer} />
    </fetcher.Form>
  );
}
