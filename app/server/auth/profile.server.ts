import { AUTH_MESSAGES, genericAuthError } from "~/lib/auth-messages";
import type { Db } from "../db/client.server";
import { logger } from "../logger.server";
import { avatarKeyFromUrl, avatarUrl, storeAvatar } from "../images/avatar.server";
import type { Storage } from "../storage/storage-contract.server";
import { deleteUserKeepingAnAdmin } from "./admin-role.server";
import { FRESH_AGE_SECONDS, getAuth } from "./auth.server";
import { cookieHeaders, isPasswordStrengthFailure, toAuthFailure } from "./auth-errors.server";
import type { CurrentSession } from "./guards.server";
import { signOut } from "./sign-in-flow.server";

export type ProfileResult =
  | { ok: true; headers?: Headers }
  | { ok: false; status: number; field?: string; error?: string; modal?: { title: string; message: string } };

export async function hasPasswordAccount(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("account")
    .select("id")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  return row !== undefined;
}

export async function changeDisplayName(request: Request, name: string): Promise<ProfileResult> {
  try {
    await getAuth().api.updateUser({ body: { name }, headers: request.headers });
    return { ok: true };
  } catch (error) {
    const failure = toAuthFailure(error);
    return { ok: false, status: failure.status, field: "name", error: genericAuthError(failure.code, failure.message) };
  }
}

export async function changePassword(request: Request, currentPassword: string, newPassword: string): Promise<ProfileResult> {
  try {
    const { headers } = await getAuth().api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers: cookieHeaders(headers) };
  } catch (error) {
    const failure = toAuthFailure(error);
    if (isPasswordStrengthFailure(failure)) return { ok: false, status: 400, field: "newPassword", error: AUTH_MESSAGES.newPasswordWeak };
    switch (failure.code) {
      case "INVALID_PASSWORD":
        return { ok: false, status: 400, field: "currentPassword", error: AUTH_MESSAGES.oldPasswordWrong };
      case "SESSION_EXPIRED":
      case "SESSION_NOT_FRESH":
        return { ok: false, status: 401, field: "currentPassword", error: AUTH_MESSAGES.reauthenticate };
      default:
        logger.warn({ code: failure.code }, "password change failed");
        return { ok: false, status: 500, field: "newPassword", error: AUTH_MESSAGES.tryAgain };
    }
  }
}

/** Stores the new picture, points the account at it, then removes the old one. */
export async function changePicture(request: Request, storage: Storage, current: CurrentSession, bytes: Buffer): Promise<ProfileResult> {
  const key = await storeAvatar(storage, bytes);
  try {
    await getAuth().api.updateUser({ body: { image: avatarUrl(key) }, headers: request.headers });
  } catch (error) {
    await storage.delete(key);
    const failure = toAuthFailure(error);
    return { ok: false, status: failure.status, field: "picture", error: genericAuthError(failure.code, failure.message) };
  }
  const old = avatarKeyFromUrl(current.user.image);
  if (old) await storage.delete(old).catch((error) => logger.warn({ err: error, key: old }, "old profile picture not deleted"));
  return { ok: true };
}

/**
 * Delete Account, with Better Auth's recent-sign-in requirement and the last-admin rule; the rule's count and the
 * deletion happen under one lock (deleteUserKeepingAnAdmin), so two admins deleting themselves at once cannot
 * both succeed. The sign-out afterwards only expires the cookies: the session went with the account.
 */
export async function deleteOwnAccount(db: Db, request: Request, storage: Storage, current: CurrentSession, now = Date.now()): Promise<ProfileResult> {
  if (now - current.session.createdAt.getTime() >= FRESH_AGE_SECONDS * 1000) {
    return { ok: false, status: 401, modal: { title: AUTH_MESSAGES.recentLoginTitle, message: AUTH_MESSAGES.recentLogin } };
  }
  const change = await deleteUserKeepingAnAdmin(db, current.user.id, true);
  if (change === "last-admin") return { ok: false, status: 409, modal: { title: "Error", message: AUTH_MESSAGES.lastAdmin } };
  const picture = avatarKeyFromUrl(current.user.image);
  if (picture) await storage.delete(picture).catch(() => {});
  return { ok: true, headers: (await signOut(request)) ?? new Headers() };
}
