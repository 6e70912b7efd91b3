import { sql } from "kysely";
import type { Db } from "../db/client.server";

export type Limit = { windowSeconds: number; max: number };

/**
 * Fixed-window counters kept in the database (so they survive a restart and are shared by every
 * process). One atomic upsert per call: the window restarts when it has expired, otherwise the count
 * grows. Returns whether this request is still within the limit.
 *
 * In a table of their own: Better Auth's `rateLimit` table is emptied of rows older than its one-minute window
 * whenever one of its own windows rolls over, which reset these (15 minutes to an hour) about once a minute.
 */
export async function consumeRateLimit(db: Db, key: string, limit: Limit, now = Date.now()): Promise<boolean> {
  const expiredBefore = now - limit.windowSeconds * 1000;
  const windowStart = sql.ref("requestLimit.windowStart");
  const row = await db
    .insertInto("requestLimit")
    .values({ key, count: 1, windowStart: now })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql`case when ${windowStart} < ${expiredBefore} then 1 else "requestLimit"."count" + 1 end`,
        windowStart: sql`case when ${windowStart} < ${expiredBefore} then ${now} else ${windowStart} end`,
      }),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  return Number(row.count) <= limit.max;
}

/** The limits of the sign-in family, per client address and per account (e-mail). */
export const AUTH_LIMITS = {
  signIn: { ip: { windowSeconds: 15 * 60, max: 30 }, account: { windowSeconds: 15 * 60, max: 10 } },
  signUp: { ip: { windowSeconds: 60 * 60, max: 10 }, account: { windowSeconds: 60 * 60, max: 5 } },
  resend: { ip: { windowSeconds: 60 * 60, max: 10 }, account: { windowSeconds: 15 * 60, max: 3 } },
  reset: { ip: { windowSeconds: 60 * 60, max: 10 }, account: { windowSeconds: 60 * 60, max: 3 } },
} satisfies Record<string, { ip: Limit; account: Limit }>;

export type AuthAction = keyof typeof AUTH_LIMITS;

/** Counts one attempt against both the address and the account; false when either is over its limit. */
export async function allowAuthAttempt(db: Db, action: AuthAction, ip: string, email: string | undefined): Promise<boolean> {
  const limits = AUTH_LIMITS[action];
  const byIp = await consumeRateLimit(db, `${action}:ip:${ip}`, limits.ip);
  const byAccount = email ? await consumeRateLimit(db, `${action}:account:${email.toLowerCase()}`, limits.account) : true;
  return byIp && byAccount;
}
