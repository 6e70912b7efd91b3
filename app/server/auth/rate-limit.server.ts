import { sql } from "kysely";
import type { Db } from "../db/client.server";

export type Limit = { windowSeconds: number; max: number };

/**
 * Fixed-window counters kept in the database (so they survive a restart and are shared by every
 * process). One atomic upsert per call: the window restarts when it has expired, otherwise the count
 * grows. Returns the count in the current window, this request included.
 *
 * In a table of their own: Better Auth's `rateLimit` table is emptied of rows older than its one-minute window
 * whenever one of its own windows rolls over, which reset these (15 minutes to an hour) about once a minute.
 */
export async function countRequest(db: Db, key: string, limit: Limit, now = Date.now()): Promise<number> {
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
  return Number(row.count);
}

/** Counts one request; whether it is still within the limit. */
export async function consumeRateLimit(db: Db, key: string, limit: Limit, now = Date.now()): Promise<boolean> {
  return (await countRequest(db, key, limit, now)) <= limit.max;
}

/**
 * Gives back one counted request (it turned out not to be the kind the limit is about: a right password, a quote
 * refused for the customer's own mistake). Only within the window it was counted in; never below zero.
 */
export async function releaseRateLimit(db: Db, key: string, limit: Limit, now = Date.now()): Promise<void> {
  await db
    .updateTable("requestLimit")
    .set({ count: sql`"count" - 1` })
    .where("key", "=", key)
    .where("count", ">", 0)
    .where("windowStart", ">=", now - limit.windowSeconds * 1000)
    .execute();
}

/** No limit in the app has a window longer than this; rows whose window started before it count for nothing. */
export const LONGEST_WINDOW_SECONDS = 24 * 60 * 60;

/** Deletes the rows of windows that have ended (the periodic sweep calls it); how many went. */
export async function deleteExpiredRateLimits(db: Db, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom("requestLimit").where("windowStart", "<", now - LONGEST_WINDOW_SECONDS * 1000).executeTakeFirst();
  return Number(result.numDeletedRows);
}

type AuthLimits = {
  /** Everything one client (an IPv4 address or an IPv6 /64) tries, whatever the account. */
  client: Limit;
  /** One client's tries against one account: the limit a stranger's guessing runs into. */
  accountClient: Limit;
  /** Everyone's tries against one account together, much higher: guessing spread over many addresses. */
  account: Limit;
  /** Over the account's own limit, a client may still make this many tries of its own: the owner is never locked out by others. */
  accountBusyAllowance: number;
};

/** The limits of the sign-in family. */
export const AUTH_LIMITS = {
  signIn: { client: { windowSeconds: 15 * 60, max: 30 }, accountClient: { windowSeconds: 15 * 60, max: 10 }, account: { windowSeconds: 15 * 60, max: 100 }, accountBusyAllowance: 3 },
  signUp: { client: { windowSeconds: 60 * 60, max: 10 }, accountClient: { windowSeconds: 60 * 60, max: 5 }, account: { windowSeconds: 60 * 60, max: 20 }, accountBusyAllowance: 1 },
  resend: { client: { windowSeconds: 60 * 60, max: 10 }, accountClient: { windowSeconds: 15 * 60, max: 3 }, account: { windowSeconds: 15 * 60, max: 10 }, accountBusyAllowance: 1 },
  reset: { client: { windowSeconds: 60 * 60, max: 10 }, accountClient: { windowSeconds: 60 * 60, max: 3 }, account: { windowSeconds: 60 * 60, max: 10 }, accountBusyAllowance: 1 },
} satisfies Record<string, AuthLimits>;

export type AuthAction = keyof typeof AUTH_LIMITS;

export type AuthAttempt = {
  allowed: boolean;
  /** Gives the attempt back to every counter it was counted in (a right password is not a failure). */
  release(): Promise<void>;
};

/**
 * Counts one attempt against the client, the account from that client, and the account from anywhere. Allowed
 * while the client is within its limits and the account is within its own, or, when many clients have been
 * trying the account, while this client has made no more than a few tries of its own: so nobody who knows the
 * owner's e-mail address can lock him out, and a client that has not been failing always gets its turn.
 */
export async function allowAuthAttempt(db: Db, action: AuthAction, clientKey: string, email: string | undefined, now = Date.now()): Promise<AuthAttempt> {
  const limits: AuthLimits = AUTH_LIMITS[action];
  const keys: [string, Limit][] = [[`${action}:ip:${clientKey}`, limits.client]];
  const byClient = await countRequest(db, keys[0]![0], limits.client, now);
  let allowed = byClient <= limits.client.max;
  if (email) {
    const account = email.toLowerCase();
    keys.push([`${action}:account-client:${account}:${clientKey}`, limits.accountClient], [`${action}:account:${account}`, limits.account]);
    const fromThisClient = await countRequest(db, keys[1]![0], limits.accountClient, now);
    const fromEveryone = await countRequest(db, keys[2]![0], limits.account, now);
    allowed &&= fromThisClient <= limits.accountClient.max && (fromEveryone <= limits.account.max || fromThisClient <= limits.accountBusyAllowance);
  }
  return {
    allowed,
    release: async () => {
      for (const [key, limit] of keys) await releaseRateLimit(db, key, limit, now);
    },
  };
}
