import { sql } from "kysely";
import type { Db } from "../db/client.server";
import { avatarKeyFromUrl } from "../images/avatar.server";
import type { Storage } from "../storage/storage.server";
import { ADMIN_ROLE, checkAdminRemoval, isAdminRole } from "./admin-role.server";
import { getAuth } from "./auth.server";
import { toAuthFailure } from "./auth-errors.server";

export type UserRow = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  providers: string[];
  createdAt: string;
  lastLoginAt: string | null;
  isAdmin: boolean;
};

/** Every account with how it signs in, newest first. */
export async function listUsersForAdmin(db: Db): Promise<UserRow[]> {
  const users = await db
    .selectFrom("user")
    .select(["id", "email", "name", "emailVerified", "createdAt", "lastLoginAt", "role"])
    .orderBy("createdAt", "desc")
    .execute();
  const accounts = await db.selectFrom("account").select(["userId", "providerId"]).execute();
  const providers = new Map<string, string[]>();
  for (const account of accounts) {
    const name = account.providerId === "credential" ? "password" : account.providerId;
    providers.set(account.userId, [...(providers.get(account.userId) ?? []), name]);
  }
  return users.map((u) => ({
    id: u.id,
    email: u.email,
    name: u.name,
    emailVerified: Boolean(u.emailVerified),
    providers: providers.get(u.id) ?? [],
    createdAt: new Date(u.createdAt).toISOString(),
    lastLoginAt: u.lastLoginAt,
    isAdmin: isAdminRole(u.role),
  }));
}

export type AdminChange = { ok: true } | { ok: false; status: number; message: string };

const LAST_ADMIN = "There must always be at least one admin. Make someone else an admin first.";

export async function setAdmin(db: Db, request: Request, userId: string, makeAdmin: boolean): Promise<AdminChange> {
  const target = await db.selectFrom("user").select(["id", "emailVerified"]).where("id", "=", userId).executeTakeFirst();
  if (!target) return { ok: false, status: 404, message: "That user no longer exists." };
  if (makeAdmin && !target.emailVerified) return { ok: false, status: 400, message: "Only a user with a verified e-mail can be made admin." };
  if (!makeAdmin && (await checkAdminRemoval(db, userId, "demote")) === "last-admin") {
    return { ok: false, status: 409, message: LAST_ADMIN };
  }
  try {
    await getAuth().api.setRole({ body: { userId, role: makeAdmin ? ADMIN_ROLE : "user" }, headers: request.headers });
    return { ok: true };
  } catch (error) {
    const failure = toAuthFailure(error);
    return { ok: false, status: failure.status, message: `Error changing the role: ${failure.message}` };
  }
}

export async function deleteUserAsAdmin(db: Db, request: Request, storage: Storage, userId: string, actingUserId: string): Promise<AdminChange> {
  if (userId === actingUserId) return { ok: false, status: 400, message: "To delete your own account, use your profile page." };
  const target = await db.selectFrom("user").select(["id", "image", "role"]).where("id", "=", userId).executeTakeFirst();
  if (!target) return { ok: false, status: 404, message: "That user no longer exists." };
  if (isAdminRole(target.role)) {
    const admins = await db.selectFrom("user").select(sql<number>`count(*)`.as("n")).where("role", "=", ADMIN_ROLE).executeTakeFirstOrThrow();
    if (Number(admins.n) <= 1) return { ok: false, status: 409, message: LAST_ADMIN };
  }
  try {
    await getAuth().api.removeUser({ body: { userId }, headers: request.headers });
  } catch (error) {
    const failure = toAuthFailure(error);
    return { ok: false, status: failure.status, message: `Error deleting the user: ${failure.message}` };
  }
  const picture = avatarKeyFromUrl(target.image);
  if (picture) await storage.delete(picture).catch(() => {});
  return { ok: true };
}
