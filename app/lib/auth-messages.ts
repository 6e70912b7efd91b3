/** The spec's error catalogue for accounts, keyed by what went wrong. Shared by the actions and the tests. */
export const AUTH_MESSAGES = {
  emailInUse: "Email already in use",
  invalidEmail: "Invalid email",
  weakPassword: "Password too weak",
  emailRequired: "Email required",
  passwordRequired: "Password required",
  passwordTooLong: "Password too long (128 characters at most)",
  tooManyRequests: "Too many requests. Please try again later",
  userNotFound: "User not found",
  wrongPassword: "Incorrect password",
  verificationSentTitle: "Verification email sent",
  verificationSent:
    "A verification email has been sent to your email address. Please verify your email address, then press ok to continue",
  newPasswordWeak: "New password too weak",
  newPasswordTooLong: "New password too long (128 characters at most)",
  oldPasswordWrong: "Old password incorrect",
  reauthenticate: "Please reauthenticate",
  oldPasswordRequired: "Old password required",
  newPasswordRequired: "New password required",
  tryAgain: "An error occurred. Please try again",
  passwordChangedTitle: "Password Changed",
  passwordChanged: "Your password has been changed",
  resetLinkExpired: "This reset link has expired or has already been used. Ask for a new one.",
  recentLoginTitle: "Recent login required",
  recentLogin: "Please sign in again to delete your account",
  lastAdmin:
    "You are the last admin. You cannot delete your account while other users who are not admins exist. Make another user an admin, or delete the other users, on the users page first.",
  accountDeleted: "Account deleted",
  displayNameEmpty: "Display name cannot be empty",
  googleFailed: "An error occurred during google sign in. Please try again",
  signOutFailed: "An error occurred. Please try again",
} as const;

/** 'An error occurred. {code}, {message}' for anything the catalogue does not name. */
export function genericAuthError(code: string, message: string): string {
  return `An error occurred. ${code}, ${message}`;
}
