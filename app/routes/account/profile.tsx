import { useEffect, useRef, useState } from "react";
import { Button, Col, Form as BsForm, Image, Row } from "react-bootstrap";
import { Link, type ShouldRevalidateFunction, data, redirect, useFetcher } from "react-router";
import { PasswordField } from "~/components/forms/password-field";
import { useModal } from "~/components/modal/modal-host";
import { InlineNotice, useIsDocumentAnswer } from "~/components/notice";
import { useActionResult } from "~/components/use-action-result";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import { getNotice, withNotice } from "~/lib/notices";
import { ChangePasswordSchema, DisplayNameSchema } from "~/lib/schemas/account";
import { requireVerifiedUser } from "~/server/auth/guards.server";
import {
  changeDisplayName,
  changePassword,
  changePicture,
  deleteOwnAccount,
  hasPasswordAccount,
} from "~/server/auth/profile.server";
import { signOut } from "~/server/auth/sign-in-flow.server";
import { getDb } from "~/server/db/client.server";
import { isDocumentRequest } from "~/server/http/document-request.server";
import { IMAGE_ACCEPT } from "~/lib/image-accept";
import { AVATAR_MAX_BYTES, AvatarError } from "~/server/images/avatar.server";
import { getStorage } from "~/server/storage/storage.server";
import type { Route } from "./+types/profile";

export function meta() {
  return [{ title: "Your profile" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user, session } = await requireVerifiedUser(request);
  const db = getDb();
  return {
    user: {
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.image,
      isAdmin: user.isAdmin,
      memberSince: user.createdAt.toISOString(),
      loggedInSince: session.createdAt.toISOString(),
    },
    canChangePassword: await hasPasswordAccount(db, user.id),
    // After a plain form post the answer is a redirect here with ?notice=…; see isDocumentRequest.
    notice: getNotice(new URL(request.url)),
  };
}

type ActionResult = { intent: string; ok: boolean; field?: string; error?: string; modal?: { title: string; message: string } };

export async function action({ request }: Route.ActionArgs): Promise<ReturnType<typeof data<ActionResult>>> {
  const current = await requireVerifiedUser(request);
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > AVATAR_MAX_BYTES + 64 * 1024) {
    return data<ActionResult>({ intent: "picture", ok: false, field: "picture", error: "That picture is larger than 10 MB; please choose a smaller one" }, { status: 413 });
  }
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const db = getDb();
  const plainPost = isDocumentRequest(request);

  switch (intent) {
    case "name": {
      const parsed = DisplayNameSchema.safeParse(form.get("name"));
      if (!parsed.success) return data<ActionResult>({ intent, ok: false, field: "name", error: parsed.error.issues[0]!.message }, { status: 400 });
      const result = await changeDisplayName(request, parsed.data);
      return result.ok ? data<ActionResult>({ intent, ok: true }) : data<ActionResult>({ intent, ...result }, { status: result.status });
    }
    case "password": {
      if (!(await hasPasswordAccount(db, current.user.id))) {
        return data<ActionResult>({ intent, ok: false, field: "newPassword", error: "This account signs in with Google and has no password." }, { status: 400 });
      }
      const parsed = ChangePasswordSchema.safeParse({ currentPassword: form.get("currentPassword"), newPassword: form.get("newPassword") });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return data<ActionResult>({ intent, ok: false, field: String(issue.path[0]), error: issue.message }, { status: 400 });
      }
      const result = await changePassword(request, parsed.data.currentPassword, parsed.data.newPassword);
      if (!result.ok) return data<ActionResult>({ intent, ...result }, { status: result.status });
      // The other sessions, the old one included, are gone: a plain post gets the page again with the new cookie.
      if (plainPost) throw redirect(withNotice("/profile", "password-changed"), { headers: result.headers });
      return data<ActionResult>({ intent, ok: true }, { headers: result.headers });
    }
    case "picture": {
      const file = form.get("picture");
      if (!(file instanceof File) || file.size === 0) {
        return data<ActionResult>({ intent, ok: false, field: "picture", error: "Please choose an image file" }, { status: 400 });
      }
      try {
        const result = await changePicture(request, await getStorage(), current, Buffer.from(await file.arrayBuffer()));
        return result.ok ? data<ActionResult>({ intent, ok: true }) : data<ActionResult>({ intent, ...result }, { status: result.status });
      } catch (error) {
        if (error instanceof AvatarError) return data<ActionResult>({ intent, ok: false, field: "picture", error: error.message }, { status: error.status });
        throw error;
      }
    }
    case "confirm-delete":
      // A plain post of Delete Account: the page asks to confirm (with scripts, a modal asks instead).
      return data<ActionResult>({ intent, ok: true });
    case "delete": {
      const result = await deleteOwnAccount(db, request, await getStorage(), current);
      // The cookies are cleared by these headers; the page says so, then goes home (see shouldRevalidate). This
      // page cannot show a plain post's answer (it is for members only), so that goes to /signIn with the notice.
      if (result.ok && plainPost) throw redirect(withNotice("/signIn", "account-deleted"), { headers: result.headers });
      if (result.ok) return data<ActionResult>({ intent, ok: true }, { headers: result.headers });
      if (result.status === 401) {
        // Recent login required: sign out so the next sign-in is fresh.
        const headers = (await signOut(request)) ?? undefined;
        if (plainPost) throw redirect(withNotice("/signIn", "recent-login"), { headers });
        return data<ActionResult>({ intent, ...result }, { status: 401, headers });
      }
      return data<ActionResult>({ intent, ...result }, { status: result.status });
    }
    default:
      return data<ActionResult>({ intent, ok: false, modal: { title: "Error", message: AUTH_MESSAGES.tryAgain } }, { status: 400 });
  }
}

/** After the account is deleted, do not reload this page's data (it would bounce to /signIn). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  const result = actionResult as ActionResult | undefined;
  if (result?.intent === "delete" && result.ok) return false;
  return defaultShouldRevalidate;
};

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Europe/London" });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/London" });

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { user, canChangePassword, notice } = loaderData;
  // The answer to a plain form post (before the page's scripts ran, or without them): shown in the page, with
  // the section open. With scripts each form posts through its own fetcher and answers in place or in a modal.
  const inPage = useIsDocumentAnswer(actionData);
  const answer = inPage ? actionData : undefined;
  const answerFor = (intent: string) => (answer?.intent === intent ? answer : undefined);
  return (
    <div className="container py-4">
      <h1 className="h2 mb-4">Profile</h1>
      {notice ? <InlineNotice notice={notice} /> : null}
      <Row className="g-4">
        <Col md={5}>
          <section aria-labelledby="details-heading" className="card card-body">
            <h2 id="details-heading" className="h4">
              Profile Details
            </h2>
            <div className="text-center my-3">
              <Image
                src={user.image || "/images/user.png"}
                alt="Profile picture"
                width={128}
                height={128}
                roundedCircle
                className="object-fit-cover"
                data-testid="profile-picture"
              />
            </div>
            <dl className="row mb-0">
              <dt className="col-5">Display name</dt>
              <dd className="col-7 text-break" data-testid="profile-name">{user.name || "no user"}</dd>
              <dt className="col-5">Email</dt>
              <dd className="col-7 text-break" data-testid="profile-email">
                {user.email} {user.emailVerified ? "(verified)" : "(unverified)"}
              </dd>
              <dt className="col-5">Member since</dt>
              <dd className="col-7">{dateFormat.format(new Date(user.memberSince))}</dd>
              <dt className="col-5">Logged in since</dt>
              <dd className="col-7">{dateTimeFormat.format(new Date(user.loggedInSince))}</dd>
              <dt className="col-5">Status</dt>
              <dd className="col-7" data-testid="profile-status">{user.isAdmin ? "Admin" : "Member"}</dd>
            </dl>
          </section>
        </Col>
        <Col md={7}>
          {/* A native disclosure: it opens before the scripts have loaded. React never changes `open` afterwards. */}
          <div className="accordion">
            <details className="accordion-item" open={answer !== undefined}>
              <summary className="accordion-button">
                <h2 className="accordion-title">Update Profile / Delete account</h2>
              </summary>
              <div className="accordion-body">
                <PictureForm answer={answerFor("picture")} />
                <NameForm current={user.name} answer={answerFor("name")} />
                {canChangePassword ? <PasswordForm answer={answerFor("password")} /> : null}
                <DeleteAccount answer={answerFor("confirm-delete") ?? answerFor("delete")} />
              </div>
            </details>
          </div>
        </Col>
      </Row>
    </div>
  );
}

type ProfileAnswer = Route.ComponentProps["actionData"];

/**
 * The lookup of the latest answer's error for a field (the fetcher's, or the page's answer to a plain post), to
 * show under it. Along the way, once per answer, shows the fetcher's modal message or runs onSuccess.
 */
function useFieldErrors(fetcher: ReturnType<typeof useFetcher<typeof action>>, answer: ProfileAnswer, onSuccess?: () => void) {
  const modal = useModal();
  useActionResult(fetcher, (result) => {
    if (result.modal) void modal.info(result.modal);
    else if (result.ok) onSuccess?.();
  });
  const result = fetcher.data ?? answer;
  return (field: string): string | undefined => (result && !result.ok && result.field === field ? result.error : undefined);
}

/** A plain post's answer that the spec shows in a modal (no field to show it under): here, in the form. */
function AnswerAlert({ answer }: { answer: ProfileAnswer }) {
  if (!answer?.modal) return null;
  return <InlineNotice notice={{ ...answer.modal, tone: "danger" }} className="mt-3" />;
}

function PictureForm({ answer }: { answer: ProfileAnswer }) {
  const fetcher = useFetcher<typeof action>();
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

function NameForm({ current, answer }: { current: string; answer: ProfileAnswer }) {
  const fetcher = useFetcher<typeof action>();
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

function PasswordForm({ answer }: { answer: ProfileAnswer }) {
  const fetcher = useFetcher<typeof action>();
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

const DELETE_WARNING = "Your account will be deleted permanently. This cannot be undone.";

function DeleteAccount({ answer }: { answer: ProfileAnswer }) {
  const fetcher = useFetcher<typeof action>();
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
