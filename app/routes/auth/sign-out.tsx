import { useEffect, useRef } from "react";
import { Form, data, redirect, useActionData } from "react-router";
import { useModal } from "~/components/modal/modal-host";
import { InlineNotice, useIsDocumentAnswer } from "~/components/notice";
import { useHydrated } from "~/components/use-hydrated";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import { signOut } from "~/server/auth/sign-in-flow.server";
import type { Route } from "./+types/sign-out";

export function meta() {
  return [{ title: "Sign out" }, { name: "robots", content: "noindex" }];
}

// Signing out changes state, so it is a POST (checked for origin like every other). The account menu's Sign Out
// is such a post; visiting the address shows a Sign out button, which the page presses itself once hydrated.
export async function action({ request }: Route.ActionArgs) {
  const headers = await signOut(request);
  // Still signed in: say so with the status too, so nothing caches or counts this as a success.
  if (!headers) return data({ failed: true }, { status: 500 });
  throw redirect("/", { headers });
}

export default function SignOut() {
  const result = useActionData<typeof action>();
  const form = useRef<HTMLFormElement>(null);
  const modal = useModal();
  const hydrated = useHydrated();
  // A plain post's failure is shown in the page; one from a fetch, in the spec's modal.
  const inPage = useIsDocumentAnswer(result);
  useEffect(() => {
    if (!result) form.current?.requestSubmit();
  }, [result]);
  useEffect(() => {
    if (result?.failed && !inPage) void modal.info({ title: "Error", message: AUTH_MESSAGES.signOutFailed });
  }, [result, inPage, modal]);
  return (
    <div className="container py-4">
      <h1 className="h2">{hydrated && !result ? "Signing out…" : "Sign out"}</h1>
      {inPage && result?.failed ? <InlineNotice notice={{ title: "Error", message: AUTH_MESSAGES.signOutFailed, tone: "danger" }} /> : null}
      <Form method="post" ref={form}>
        <button type="submit" className="btn btn-primary">
          Sign out
        </button>
      </Form>
    </div>
  );
}
