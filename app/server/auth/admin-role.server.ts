import { PostgresAdapter, sql } from "kysely";
import type { Db } from "../db/client.server";

export const ADMIN_ROLE = "admin";

/** Better Auth's admin plugin stores roles as a comma-separated list; an account is admin when "admin" is one of them. */
export function isAdminRole(role: string | null | undefined): boolean {
  return (role ?? "").split(",").map((r) => r.trim()).includes(ADMIN_ROLE);
}

/** Admins by the same reading of the role column as isAdminRole, so the count and the badge never disagree. */
export async function countAdmins(db: Db): Promise<number> {
  const rows = await db.selectFrom("user").select("role").where("role", "like", `%${ADMIN_ROLE}%`).execute();
  return rows.filter((row) => isAdminRole(row.role)).length;
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.selectFrom("user").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Any number will do, as long as nothing else in the database uses it as an advisory lock. */
const ADMIN_ROSTER_LOCK = 20241121;

/**
 * Runs `work` in one transaction that no other change to who is admin can interleave with: PostgreSQL takes an
 * advisory lock first; SQLite starts with BEGIN IMMEDIATE, which takes the write lock before the first read, so
 * another connection's count cannot slip in between this one's count and change. `work` must use the handle it is
 * given, never the outer `db` (on SQLite that would wait for itself).
 */
export async function withAdminRosterLock<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${ADMIN_ROSTER_LOCK})`.execute(trx);
      return work(trx);
    });
  }
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    }
  });
}

async function getRole(db: Db, userId: string): Promise<{ role: string | null } | undefined> {
  return db.selectFrom("user").select("role").where("id", "=", userId).executeTakeFirst();
}

/**
 * Makes a verified user admin when the rule allows it: with OWNER_EMAIL set, only that address;
 * otherwise the first verified account, while there is no admin yet. Decided under the admin-roster lock, so two
 * accounts verifying at the same moment cannot both become admin. Returns true when it promoted.
 */
export async function promoteIfFirstAdmin(
  db: Db,
  user: { id: string; email: string; emailVerified: boolean },
  ownerEmail: string | undefined,
): Promise<boolean> {
  if (!user.emailVerified) return false;
  if (ownerEmail && user.email.toLowerCase() !== ownerEmail.toLowerCase()) return false;
  return withAdminRosterLock(db, async (trx) => {
    if (!ownerEmail && (await countAdmins(trx)) > 0) return false;
    const result = await trx.updateTable("user").set({ role: ADMIN_ROLE }).where("id", "=", user.id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  });
}

export type RosterChange = "done" | "missing" | "last-admin";

/**
 * Grants or removes admin. The last admin cannot be demoted: the count and the change happen under one lock, so
 * two admins demoting each other at the same moment leave one admin, not none.
 */
export async function changeAdminRole(db: Db, userId: string, makeAdmin: boolean, now = new Date()): Promise<RosterChange> {
  return withAdminRosterLock(db, async (trx) => {
    const user = await getRole(trx, userId);
    if (!user) return "missing";
    if (!makeAdmin && isAdminRole(user.role) && (await countAdmins(trx)) <= 1) return "last-admin";
    // Stored as Better Auth stores its dates: an ISO string on SQLite, a timestamp on PostgreSQL.
    const updatedAt = trx.getExecutor().adapter instanceof PostgresAdapter ? now : now.toISOString();
    await trx.updateTable("user").set({ role: makeAdmin ? ADMIN_ROLE : "user", updatedAt }).where("id", "=", userId).execute();
    return "done";
  });
}

/**
 * Deletes an account (its sessions and sign-in methods go with it through the foreign keys) under the same lock.
 * The last admin may not be deleted by someone else; deleting their own account is refused while other users
 * exist (the site would be left with members and nobody to manage them).
 */
export async function deleteUserKeepingAnAdmin(db: Db, userId: string, self: boolean): Promise<RosterChange> {
  return withAdminRosterLock(db, async (trx) => {
    const user = await getRole(trx, userId);
    if (!user) return "missing";
    if (isAdminRole(user.role) && (await countAdmins(trx)) <= 1 && (!self || (await countUsers(trx)) > 1)) return "last-admin";
    await trx.deleteFrom("user").where("id", "=", userId).execute();
    return "done";
  });
}
