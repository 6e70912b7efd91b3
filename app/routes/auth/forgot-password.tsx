import { Alert, Button } from "react-bootstrap";
import { Form, Link, data, useNavigation } from "react-router";
import { EmailField } from "~/components/forms/email-field";
import { EmailSchema } from "~/lib/schemas/account";
import { requestPasswordReset } from "~/server/auth/sign-in-flow.server";
import { getDb } from "~/server/db/client.server";
import { clientIpContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/forgot-password";

export function meta() {
  return [{ title: "Forgot password" }, { name: "robots", content: "noindex" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = EmailSchema.safeParse(form.get("email"));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message, sent: false }, { status: 400 });
  const result = await requestPasswordReset(getDb(), context.get(clientIpContext), parsed.data);
  if (!result.ok) {
    return data({ error: result.fieldErrors?.email ?? result.modal?.message, sent: false }, { status: result.status });
  }
  return { error: undefined, sent: true };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="container py-4" style={{ maxWidth: 480 }}>
      <h1 className="h2 mb-3">Forgot password</h1>
      {actionData?.sent ? (
        <Alert variant="success" role="status">
          If an account uses that address, a link to choose a new password is on its way. It works for one hour.
        </Alert>
      ) : (
        <>
          <p>Enter the e-mail address you signed up with and we will send you a link to choose a new password.</p>
          <Form method="post" noValidate>
            <EmailField id="forgot-email" error={actionData?.error} />
            <Button type="submit" disabled={busy}>
              Send reset link
            </Button>
          </Form>
        </>
      )}
      <p className="mt-3">
        <Link to="/signIn">Back to sign in</Link>
      </p>
    </div>
  );
}
