import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../auth-messages";
import { ChangePasswordSchema, CredentialsSchema, MAX_PASSWORD_LENGTH, NewPasswordSchema } from "./account";

const longest = "p".repeat(MAX_PASSWORD_LENGTH);
const tooLong = "p".repeat(MAX_PASSWORD_LENGTH + 1);
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("password length", () => {
  it("accepts 128 characters and refuses 129 at sign-in and sign-up, in the spec's words", () => {
    expect(CredentialsSchema.safeParse({ email: "a@b.test", password: longest }).success).toBe(true);
    const result = CredentialsSchema.safeParse({ email: "a@b.test", password: tooLong });
    expect(firstMessage(result)).toBe(AUTH_MESSAGES.passwordTooLong);
  });

  it("refuses a new password over 128 characters on change and reset, and an old one that cannot be right", () => {
    expect(firstMessage(NewPasswordSchema.safeParse(tooLong))).toBe(AUTH_MESSAGES.newPasswordTooLong);
    expect(NewPasswordSchema.safeParse(longest).success).toBe(true);
    expect(firstMessage(ChangePasswordSchema.safeParse({ currentPassword: "x", newPassword: tooLong }))).toBe(AUTH_MESSAGES.newPasswordTooLong);
    expect(firstMessage(ChangePasswordSchema.safeParse({ currentPassword: tooLong, newPassword: "new-password-1" }))).toBe(
      AUTH_MESSAGES.oldPasswordWrong,
    );
  });
});
