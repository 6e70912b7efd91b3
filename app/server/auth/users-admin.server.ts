import type { Db } from "../db/client.server";
import { avatarKeyFromUrl } from "../images/avatar.server";
import type { Storage } from "../storage/storage-contract.server";
import { changeAdminRole, deleteUserKeepingAnAdmin, isAdminRole } from "./admin-role.server";

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
const GONE = "That user no longer exists.";

export async function setAdmin(db: Db, userId: string, makeAdmin: boolean): Promise<AdminChange> {
  const target = await db.selectFrom("user").select(["id", "emailVerified"]).where("id", "=", userId).executeTakeFirst();
  if (!target) return { ok: false, status: 404, message: GONE };
  if (makeAdmin && !target.emailVerified) return { ok: false, status: 400, message: "Only a user with a verified e-mail can be made admin." };
  const change = await changeAdminRole(db, userId, makeAdmin);
  if (change === "missing") return { ok: false, status: 404, message: GONE };
  if (change === "last-admin") return { ok: false, status: 409, message: LAST_ADMIN };
  return { ok: true };
}

export async function deleteUserAsAdmin(db: Db, storage: Storage, userId: string, actingUserId: string): Promise<AdminChange> {
  if (userId === actingUserId) return { ok: false, status: 400, message: "To delete your own account, use your profile page." };
  const target = await db.selectFrom("user").select(["id", "image"]).where("id", "=", userId).executeTakeFirst();
  if (!target) return { ok: false, status: 404, message: GONE };
  const change = await deleteUserKeepingAnAdmin(db, userId, false);
  if (change === "missing") return { ok: false, status: 404, message: GONE };
  if (change === "last-admin") return { ok: false, status: 409, message: LAST_ADMIN };
  const picture = avatarKeyFromUrl(target.image);
  if (picture) await storage.delete(picture).catch(() => {});
  return { ok: true };
}
