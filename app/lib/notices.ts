import { AUTH_MESSAGES } from "./auth-messages";

/**
 * Messages a page shows after a plain form post was answered with a redirect (?notice=key in the address): the
 * same words the modals say when the page's scripts are running. Only these keys are read, so the address cannot
 * put words of its own on the page.
 */
export const NOTICES = {
  "verification-sent": { title: AUTH_MESSAGES.verificationSentTitle, message: AUTH_MESSAGES.verificationSent, tone: "success" },
  "password-changed": { title: AUTH_MESSAGES.passwordChangedTitle, message: AUTH_MESSAGES.passwordChanged, tone: "success" },
  "account-deleted": { title: AUTH_MESSAGES.accountDeleted, message: "Your account and its data have been removed.", tone: "success" },
  "recent-login": { title: AUTH_MESSAGES.recentLoginTitle, message: AUTH_MESSAGES.recentLogin, tone: "warning" },
} as const;

export type NoticeKey = keyof typeof NOTICES;
export type Notice = { title: string; message: string; tone: "success" | "warning" | "danger" };

export function getNotice(url: URL): Notice | null {
  const key = url.searchParams.get("notice");
  return key !== null && Object.hasOwn(NOTICES, key) ? NOTICES[key as NoticeKey] : null;
}

/** The address with ?notice=key added (other parameters, such as redirectTo, kept). */
export function withNotice(path: string, key: NoticeKey): string {
  const url = new URL(path, "http://site.invalid");
  url.searchParams.set("notice", key);
  return url.pathname + url.search;
}
