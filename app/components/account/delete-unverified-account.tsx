import { Button } from "react-bootstrap";
import { Form, Link, useSubmit } from "react-router";
import { useModal } from "~/components/modal/modal-host";

function deleteWarning(email: string): string {
  return `This deletes the unverified account ${email} and everything in it. It cannot be undone.`;
}

type Props = {
  email: string;
  /** A plain post of Delete asked the server for the confirmation step, shown in the page. */
  confirming: boolean;
  busy: boolean;
};

/**
 * Delete on the sign-in page of an account whose e-mail is not verified yet. With scripts, Delete asks in a modal
 * and posts the deletion itself; a plain post asks the server for the confirmation shown here instead.
 */
export function DeleteUnverifiedAccount({ email, confirming, busy }: Props) {
  const modal = useModal();
  const submit = useSubmit();
  const confirmDelete = async (event: React.MouseEvent) => {
    event.preventDefault();
    const ok = await modal.confirm({ title: "Delete this account?", message: deleteWarning(email), confirmLabel: "Delete", danger: true });
    if (ok) void submit({ intent: "delete-unverified" }, { method: "post" });
  };

  if (confirming) {
    return (
      <Form method="post" className="mt-4 card card-body border-danger">
        <h2 className="h5">Delete this account?</h2>
        <p>{deleteWarning(email)}</p>
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="delete-unverified" variant="danger" disabled={busy}>
            Delete
          </Button>
          <Link to="/signIn" className="btn btn-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    );
  }
  return (
    <Form method="post" className="mt-4">
      <Button type="submit" name="intent" value="confirm-delete" variant="danger" onClick={confirmDelete} disabled={busy}>
        Delete EVERYTHING!!!!
      </Button>
    </Form>
  );
}
