import { useEffect } from "react";
import { Button } from "react-bootstrap";
import { Link, useFetcher } from "react-router";
import { useModal } from "~/components/modal/modal-host";
import { InlineNotice } from "~/components/notice";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import type { ProfileAnswer } from "~/lib/profile-answer";

const DELETE_WARNING = "Your account will be deleted permanently. This cannot be undone.";

/**
 * Delete account: with scripts a modal confirms and the answer is a modal; a plain post gets a confirmation step in
 * the page. The last admin is refused, with a link to the users page.
 */
export function DeleteAccount({ answer }: { answer: ProfileAnswer | undefined }) {
  const fetcher = useFetcher<ProfileAnswer>();
  const modal = useModal();
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== "idle" || !result) return;
    if (result.ok) {
      void modal
        .info({ title: AUTH_MESSAGES.accountDeleted, message: "Your account and its data have been removed." })
        .then(() => window.location.assign("/"));
      return;
    }
    if (!result.modal) return;
    const recent = result.modal.title === AUTH_MESSAGES.recentLoginTitle;
    void modal
      .info({
        title: result.modal.title,
        message: recent ? result.modal.message : <LastAdminMessage text={result.modal.message} />,
      })
      .then(() => {
        if (recent) window.location.assign("/signIn");
      });
    // Run once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result, fetcher.state]);
  const busy = fetcher.state !== "idle";
  return (
    <div className="border-top pt-3">
      <h3 className="h5">Delete account</h3>
      <p>This removes your account, your picture and your sign-in details for good.</p>
      {answer?.intent === "confirm-delete" ? (
        // A plain post of Delete Account asked for this confirmation.
        <fetcher.Form method="post" className="card card-body border-danger">
          <p className="fw-semibold">{DELETE_WARNING}</p>
          <div className="d-flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="delete" variant="danger" disabled={busy}>
              Delete account
            </Button>
            <Link to="/profile" className="btn btn-secondary">
              Cancel
            </Link>
          </div>
        </fetcher.Form>
      ) : (
        <fetcher.Form method="post">
          <Button
            type="submit"
            name="intent"
            value="confirm-delete"
            variant="danger"
            disabled={busy}
            onClick={async (event) => {
              // With scripts the confirmation is a modal and the deletion is posted from here.
              event.preventDefault();
              const ok = await modal.confirm({ title: "Delete your account?", message: DELETE_WARNING, confirmLabel: "Delete account", danger: true });
              if (ok) void fetcher.submit({ intent: "delete" }, { method: "post" });
            }}
          >
            Delete Account
          </Button>
        </fetcher.Form>
      )}
      {answer?.intent === "delete" && answer.modal ? (
        <InlineNotice notice={{ ...answer.modal, tone: "danger" }} className="mt-3">
          <Link to="/manage/users">Open the users page</Link>
        </InlineNotice>
      ) : null}
    </div>
  );
}

function LastAdminMessage({ text }: { text: string }) {
  return (
    <>
      <p>{text}</p>
      <Link to="/manage/users">Open the users page</Link>
    </>
  );
}
