import { sql } from "kysely";
import type { Db } from "../db/client.server";

/** The sign-in page's 'Delete EVERYTHING!!!!': only ever for an account that never verified. */
export async function deleteUnverifiedAccount(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("user").where("id", "=", userId).where(sql<boolean>`not "emailVerified"`).execute();
}
