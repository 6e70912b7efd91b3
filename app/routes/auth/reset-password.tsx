import { Alert, Button } from "react-bootstrap";
import { Form, Link, data, useNavigation } from "react-router";
import { PasswordField } from "~/components/forms/password-field";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import { NewPasswordSchema } from "~/lib/schemas/account";
import { resetPassword } from "~/server/auth/sign-in-flow.server";
import type { Route } from "./+types/reset-password";

export function meta() {
  return [{ title: "Choose a new password" }, { name: "robots", content: "noindex" }];
}

// Better Auth checks the e-mailed link and sends the browser here with ?token=… (or ?error=INVALID_TOKEN).
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token") ?? "", invalid: url.searchParams.has("error") };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const parsed = NewPasswordSchema.safeParse(form.get("newPassword"));
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message, done: false }, { status: 400 });
  const result = await resetPassword(token, parsed.data);
  if (!result.ok) return data({ error: result.error, done: false }, { status: result.status });
  return { error: undefined, done: true };
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  if (actionData?.done) {
    return (
      <div className="container py-4" style={{ maxWidth: 480 }}>
        <h1 className="h2 mb-3">{AUTH_MESSAGES.passwordChangedTitle}</h1>
        <Alert variant="success">{AUTH_MESSAGES.passwordChanged}. You have been signed out everywhere.</Alert>
        <Link to="/signIn" className="btn btn-primary">
          Sign in
        </Link>
      </div>
    );
  }
  if (loaderData.invalid || !loaderData.token) {
    return (
      <div className="container py-4" style={{ maxWidth: 480 }}>
        <h1 className="h2 mb-3">Choose a new password</h1>
        <Alert variant="warning">{AUTH_MESSAGES.resetLinkExpired}</Alert>
        <Link to="/forgot-password">Send a new link</Link>
      </div>
    );
  }
  return (
    <div className="container py-4" style={{ maxWidth: 480 }}>
      <h1 className="h2 mb-3">Choose a new password</h1>
      <Form method="post" noValidate>
        <input type="hidden" name="token" value={loaderData.token} />
        <PasswordField name="newPassword" label="New password" autoComplete="new-password" error={actionData?.error} />
        <Button type="submit" disabled={busy}>
          Save new password
        </Button>
      </Form>
    </div>
  );
}
