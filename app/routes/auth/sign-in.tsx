import { useEffect, useSyncExternalStore } from "react";
import { Alert, Button } from "react-bootstrap";
import { Form, Link, data, redirect, useNavigate, useNavigation, useRevalidator } from "react-router";
import { DeleteUnverifiedAccount } from "~/components/account/delete-unverified-account";
import { EmailField } from "~/components/forms/email-field";
import { PasswordField } from "~/components/forms/password-field";
import { useModal } from "~/components/modal/modal-host";
import { InlineNotice, useIsDocumentAnswer } from "~/components/notice";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import { getNotice, withNotice } from "~/lib/notices";
import { safeRedirect } from "~/lib/safe-redirect";
import { CredentialsSchema, fieldErrors } from "~/lib/schemas/account";
import { getCurrentSession, requireUser } from "~/server/auth/guards.server";
import { deleteUnverifiedAccount } from "~/server/auth/account.server";
import { getRedirectTarget, toSafeRedirect } from "~/server/auth/redirect-target.server";
import {
  type FieldErrors,
  resendVerification,
  signIn,
  signOut,
  signUp,
  startGoogleSignIn,
} from "~/server/auth/sign-in-flow.server";
import { getDb } from "~/server/db/client.server";
import { getEnv } from "~/server/env.server";
import { isDocumentRequest } from "~/server/http/document-request.server";
import { clientIpContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/sign-in";

export function meta() {
  return [{ title: "Sign in" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const current = await getCurrentSession(request);
  const redirectTo = getRedirectTarget(request);
  if (current?.user.emailVerified) throw redirect(redirectTo);
  const url = new URL(request.url);
  const error = url.searchParams.get("error");
  return {
    unverifiedEmail: current ? current.user.email : null,
    googleEnabled: getEnv().google !== undefined,
    redirectTo,
    googleFailed: error !== null && /google|oauth|state|account/i.test(error),
    // After a plain form post the answer is a redirect here with ?notice=…; see isDocumentRequest.
    notice: getNotice(url),
  };
}

type ActionData = {
  intent: string;
  /** A plain form post asked to delete the unverified account: the page asks to confirm (scripts use a modal). */
  confirmDelete?: boolean;
  fieldErrors?: FieldErrors;
  modal?: { title: string; message: string };
  done?: "verification-sent" | "signed-in" | "signed-in-unverified";
  name?: string;
  redirectTo?: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const ip = context.get(clientIpContext);
  const db = getDb();
  const redirectTo = toSafeRedirect(form.get("redirectTo"));
  const plainPost = isDocumentRequest(request);
  // A plain form post that changed the session comes back to this page (post, redirect, get) with a notice to show.
  const backHere = (notice?: "verification-sent") => {
    const page = redirectTo === "/" ? "/signIn" : `/signIn?redirectTo=${encodeURIComponent(redirectTo)}`;
    return notice ? withNotice(page, notice) : page;
  };

  if (intent === "google") {
    if (!getEnv().google) return data<ActionData>({ intent, modal: { title: "Error", message: AUTH_MESSAGES.googleFailed } }, { status: 400 });
    const started = await startGoogleSignIn(request, redirectTo);
    if (!started) return data<ActionData>({ intent, modal: { title: "Error", message: AUTH_MESSAGES.googleFailed } }, { status: 502 });
    throw redirect(started.url, { headers: started.headers });
  }

  if (intent === "resend") {
    const { user } = await requireUser(request);
    const result = await resendVerification(db, ip, user.email);
    if (!result.ok) return data<ActionData>({ intent, fieldErrors: result.fieldErrors, modal: result.modal }, { status: result.status });
    if (plainPost) throw redirect(backHere("verification-sent"));
    return data<ActionData>({ intent, done: "verification-sent" });
  }

  if (intent === "confirm-delete") {
    await requireUser(request);
    return data<ActionData>({ intent, confirmDelete: true });
  }

  if (intent === "delete-unverified") {
    const { user } = await requireUser(request);
    if (user.emailVerified) return data<ActionData>({ intent, modal: { title: "Error", message: "Only an unverified account can be deleted here. Use your profile page." } }, { status: 400 });
    const headers = (await signOut(request)) ?? new Headers();
    await deleteUnverifiedAccount(db, user.id);
    throw redirect("/signIn", { headers });
  }

  if (intent !== "sign-in" && intent !== "sign-up") {
    return data<ActionData>({ intent, modal: { title: "Error", message: AUTH_MESSAGES.tryAgain } }, { status: 400 });
  }
  const parsed = CredentialsSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success) return data<ActionData>({ intent, fieldErrors: fieldErrors(parsed.error) }, { status: 400 });
  const { email, password } = parsed.data;

  if (intent === "sign-up") {
    const result = await signUp(db, request, ip, email, password);
    if (!result.ok) return data<ActionData>({ intent, fieldErrors: result.fieldErrors, modal: result.modal }, { status: result.status });
    if (plainPost) throw redirect(backHere("verification-sent"), { headers: result.headers });
    return data<ActionData>({ intent, done: "verification-sent" }, { headers: result.headers });
  }

  const result = await signIn(db, request, ip, email, password);
  if (!result.ok) return data<ActionData>({ intent, fieldErrors: result.fieldErrors, modal: result.modal }, { status: result.status });
  const user = result.user!;
  // Signed in: on to where the visitor came from; still unverified: this page, which now asks for the e-mail link.
  if (plainPost) throw redirect(user.emailVerified ? redirectTo : backHere(), { headers: result.headers });
  return data<ActionData>(
    { intent, done: user.emailVerified ? "signed-in" : "signed-in-unverified", name: user.name || user.email, redirectTo },
    { headers: result.headers },
  );
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { unverifiedEmail, googleEnabled, googleFailed, notice } = loaderData;
  const redirectTo = useReturnTarget(loaderData.redirectTo);
  const navigation = useNavigation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const modal = useModal();
  const busy = navigation.state !== "idle";
  const errors = actionData?.fieldErrors ?? {};
  // An answer to a plain form post is shown in the page; one that arrives through a fetch, in the spec's modals.
  const inPage = useIsDocumentAnswer(actionData);

  useEffect(() => {
    if (!actionData || inPage) return;
    if (actionData.modal) {
      void modal.info(actionData.modal);
    } else if (actionData.done === "verification-sent") {
      void modal.info({ title: AUTH_MESSAGES.verificationSentTitle, message: AUTH_MESSAGES.verificationSent }).then(() => revalidator.revalidate());
    } else if (actionData.done === "signed-in") {
      void modal.info({ title: "Signed In", message: `Welcome back, ${actionData.name}` });
      void navigate(actionData.redirectTo ?? "/", { replace: true });
    }
    // Only when a new answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actionData]);

  return (
    <div className="container py-4" style={{ maxWidth: 480 }}>
      <h1 className="h2 mb-4">{unverifiedEmail ? "Please verify your email" : "Secure sign in"}</h1>
      {notice ? (
        <InlineNotice notice={notice}>
          {/* The message asks to press OK once the e-mail is verified: this reloads the page without the notice. */}
          {notice.title === AUTH_MESSAGES.verificationSentTitle ? (
            <Link to={redirectTo === "/" ? "/signIn" : `/signIn?redirectTo=${encodeURIComponent(redirectTo)}`} className="btn btn-success btn-sm mt-2">
              OK
            </Link>
          ) : null}
        </InlineNotice>
      ) : null}
      {googleFailed ? <InlineNotice notice={{ title: "Error", message: AUTH_MESSAGES.googleFailed, tone: "danger" }} /> : null}
      {inPage && actionData?.modal ? <InlineNotice notice={{ ...actionData.modal, tone: "danger" }} /> : null}
      {unverifiedEmail ? (
        <p>
          We sent a link to <strong>{unverifiedEmail}</strong>. Open it to finish creating your account. Nothing
          arrived? Check your spam folder, or send it again.
        </p>
      ) : null}
      <Form method="post" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {unverifiedEmail ? null : (
          <>
            <EmailField id="sign-in-email" error={errors.email} />
            <PasswordField name="password" label="Password" autoComplete="current-password" error={errors.password} />
          </>
        )}
        <div className="d-flex flex-wrap gap-2">
          {unverifiedEmail ? (
            <Button type="submit" name="intent" value="resend" variant="outline-primary" disabled={busy}>
              resend email
            </Button>
          ) : (
            <>
              <Button type="submit" name="intent" value="sign-up" variant="outline-primary" disabled={busy}>
                Create Account
              </Button>
              <Button type="submit" name="intent" value="sign-in" variant="primary" disabled={busy}>
                Sign In
              </Button>
            </>
          )}
        </div>
        {errors.email && unverifiedEmail ? <Alert variant="danger" className="mt-3">{errors.email}</Alert> : null}
      </Form>
      {unverifiedEmail ? (
        <DeleteUnverifiedAccount email={unverifiedEmail} confirming={Boolean(actionData?.confirmDelete)} busy={busy} />
      ) : (
        <>
          <p className="mt-3">
            <Link to="/forgot-password">Forgot password?</Link>
          </p>
          {googleEnabled ? (
            <Form method="post" className="mt-4 border-top pt-4">
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <Button type="submit" name="intent" value="google" variant="outline-secondary" className="w-100" disabled={busy}>
                Sign in with Google
              </Button>
            </Form>
          ) : null}
        </>
      )}
    </div>
  );
}

/**
 * Where to go once signed in: the server's target (`?redirectTo=`), or else, decided here in the browser, the page
 * of this site the visitor came from. Never decided on the server from the Referer: the page is kept for
 * everybody (see getRedirectTarget). Without JavaScript, the home page.
 */
function useReturnTarget(fromServer: string): string {
  // The server's value while hydrating (what the kept page holds), the browser's right after.
  return useSyncExternalStore(
    subscribeToNothing,
    () => (fromServer !== "/" || !document.referrer ? fromServer : safeRedirect(document.referrer, window.location.origin)),
    () => fromServer,
  );
}

const subscribeToNothing = () => () => {};
