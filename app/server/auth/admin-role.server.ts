import { PostgresAdapter, sql } from "kysely";
import type { Db } from "../db/client.server";

export const ADMIN_ROLE = "admin";

export function isAdminRole(role: string | null | undefined): boolean {
  return (role ?? "").split(",").map((r) => r.trim()).includes(ADMIN_ROLE);
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom("user")
    .select(sql<number>`count(*)`.as("n"))
    .where("role", "=", ADMIN_ROLE)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.selectFrom("user").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Makes a verified user admin when the rule allows it: with OWNER_EMAIL set, only that address;
 * otherwise the first verified account, while there is no admin yet. Decided inside one transaction
 * that PostgreSQL serialises with an advisory lock (SQLite allows one writer at a time anyway), so two
 * accounts verifying at the same moment cannot both become admin. Returns true when it promoted.
 */
export async function promoteIfFirstAdmin(
  db: Db,
  user: { id: string; email: string; emailVerified: boolean },
  ownerEmail: string | undefined,
): Promise<boolean> {
  if (!user.emailVerified) return false;
  if (ownerEmail) {
    if (user.email.toLowerCase() !== ownerEmail.toLowerCase()) return false;
    const result = await db.updateTable("user").set({ role: ADMIN_ROLE }).where("id", "=", user.id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
  return db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select pg_advisory_xact_lock(20241121)`.execute(trx);
    }
    const result = await trx
      .updateTable("user")
      .set({ role: ADMIN_ROLE })
      .where("id", "=", user.id)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("user as other").select("other.id").where("other.role", "=", ADMIN_ROLE))),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  });
}

export type RoleChangeProblem = "last-admin" | null;

/**
 * The last-admin rule: the only admin may not be demoted, and may not delete their account while
 * other (non-admin) users exist.
 */
export async function checkAdminRemoval(db: Db, userId: string, change: "demote" | "delete"): Promise<RoleChangeProblem> {
  const user = await db.selectFrom("user").select(["role"]).where("id", "=", userId).executeTakeFirst();
  if (!user || !isAdminRole(user.role)) return null;
  if ((await countAdmins(db)) > 1) return null;
  if (change === "demote") return "last-admin";
  return (await countUsers(db)) > 1 ? "last-admin" : null;
}
