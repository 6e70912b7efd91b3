import { useEffect, useRef } from "react";
import { Button } from "react-bootstrap";
import { Form, data, redirect, useActionData } from "react-router";
import { useModal } from "~/components/modal/modal-host";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import { signOut } from "~/server/auth/sign-in-flow.server";
import type { Route } from "./+types/sign-out";

export function meta() {
  return [{ title: "Sign out" }, { name: "robots", content: "noindex" }];
}

// Signing out changes state, so it is a POST (checked for origin like every other); visiting the
// address submits it straight away.
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
  useEffect(() => {
    if (!result) form.current?.requestSubmit();
  }, [result]);
  useEffect(() => {
    if (result?.failed) void modal.info({ title: "Error", message: AUTH_MESSAGES.signOutFailed });
  }, [result, modal]);
  return (
    <div className="container py-4">
      <h1 className="h2">Signing out…</h1>
      <Form method="post" ref={form}>
        <Button type="submit" variant="primary">
          Sign out
        </Button>
      </Form>
    </div>
  );
}
