import { z } from "zod";
import { AUTH_MESSAGES } from "../auth-messages";

const text = (v: unknown) => (typeof v === "string" ? v : "");

export const EmailSchema = z.preprocess(
  (v) => text(v).trim().toLowerCase(),
  z.string().min(1, AUTH_MESSAGES.emailRequired).max(254, AUTH_MESSAGES.invalidEmail).pipe(z.email(AUTH_MESSAGES.invalidEmail)),
);

/**
 * The longest password accepted anywhere (sign-in, sign-up, change, reset). Hashing is deliberately slow, so an
 * unbounded password would let one request keep the processor busy; no password manager makes longer ones.
 */
export const MAX_PASSWORD_LENGTH = 128;

export const CredentialsSchema = z.object({
  email: EmailSchema,
  // Passwords are never trimmed: spaces are allowed characters.
  password: z.preprocess(text, z.string().min(1, AUTH_MESSAGES.passwordRequired).max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooLong)),
});

export const NewPasswordSchema = z.preprocess(
  text,
  z.string().min(1, AUTH_MESSAGES.newPasswordRequired).max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.newPasswordTooLong),
);

export const DisplayNameSchema = z.preprocess(
  (v) => text(v).trim(),
  z.string().min(1, AUTH_MESSAGES.displayNameEmpty).max(80, "Display name must be 80 characters or fewer"),
);

export const ChangePasswordSchema = z.object({
  // No account has a longer password, so a longer one is simply wrong.
  currentPassword: z.preprocess(text, z.string().min(1, AUTH_MESSAGES.oldPasswordRequired).max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.oldPasswordWrong)),
  newPassword: NewPasswordSchema,
});

/** First message per field, for showing under each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
