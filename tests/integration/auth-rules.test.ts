import { type KyselyPlugin, PostgresAdapter, type QueryId, SelectQueryNode } from "kysely";
import { randomUUID } from "node:crypto";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  changeAdminRole,
  countAdmins,
  deleteUserKeepingAnAdmin,
  isAdminRole,
  promoteIfFirstAdmin,
} from "~/server/auth/admin-role.server";
import { AUTH_LIMITS, allowAuthAttempt, consumeRateLimit, deleteExpiredRateLimits } from "~/server/auth/rate-limit.server";
import { type Db, createDb } from "~/server/db/client.server";
import type { RosterJob, RosterMessage } from "../setup/admin-roster-worker";
import { describeEachDialect } from "../setup/databases";

async function insertUser(db: Db, email: string, role: string | null = "user", verified = true) {
  const id = randomUUID();
  // Stored as Better Auth stores them: SQLite has no boolean or date types.
  const sqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);
  const now = sqlite ? new Date().toISOString() : new Date();
  await db
    .insertInto("user")
    .values({ id, name: email, email, emailVerified: sqlite ? Number(verified) : verified, image: null, createdAt: now, updatedAt: now, role, banned: sqlite ? 0 : false, banReason: null, banExpires: null, lastLoginAt: null })
    .execute();
  return { id, email, emailVerified: verified };
}

/** Waits for `pause` once, right after the first query that counts the admins (the one select with a LIKE on the role). */
function pauseAfterAdminCount(pause: () => Promise<void>): KyselyPlugin {
  const counts = new WeakSet<QueryId>();
  let paused = false;
  return {
    transformQuery({ node, queryId }) {
      if (SelectQueryNode.is(node) && JSON.stringify(node).includes('"operator":"like"')) counts.add(queryId);
      return node;
    },
    async transformResult({ queryId, result }) {
      if (!paused && counts.has(queryId)) {
        paused = true;
        await pause();
      }
      return result;
    },
  };
}

await describeEachDialect("account rules", (test) => {
  beforeEach(async () => {
    await test.db.deleteFrom("user").execute();
  });

  it("makes exactly one admin when many accounts verify at the same moment", async () => {
    const users = await Promise.all(Array.from({ length: 20 }, (_, i) => insertUser(test.db, `racer${i}@rules.test`)));
    const results = await Promise.all(users.map((u) => promoteIfFirstAdmin(test.db, u, undefined)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await countAdmins(test.db)).toBe(1);
  });

  it("never promotes an unverified account, nor anyone once an admin exists", async () => {
    const unverified = await insertUser(test.db, "late@rules.test", "user", false);
    expect(await promoteIfFirstAdmin(test.db, unverified, undefined)).toBe(false);
    const first = await insertUser(test.db, "first@rules.test");
    expect(await promoteIfFirstAdmin(test.db, first, undefined)).toBe(true);
    const second = await insertUser(test.db, "second@rules.test");
    expect(await promoteIfFirstAdmin(test.db, second, undefined)).toBe(false);
  });

  it("with OWNER_EMAIL only the owner is promoted, whoever verifies first", async () => {
    const stranger = await insertUser(test.db, "stranger@rules.test");
    expect(await promoteIfFirstAdmin(test.db, stranger, "owner@rules.test")).toBe(false);
    const owner = await insertUser(test.db, "Owner@Rules.test");
    expect(await promoteIfFirstAdmin(test.db, owner, "owner@rules.test")).toBe(true);
    expect(await countAdmins(test.db)).toBe(1);
  });

  it("applies the last-admin rule", async () => {
    const admin = await insertUser(test.db, "admin@rules.test", "admin");
    expect(await changeAdminRole(test.db, admin.id, false)).toBe("last-admin");
    const member = await insertUser(test.db, "member@rules.test");
    expect(await deleteUserKeepingAnAdmin(test.db, admin.id, true)).toBe("last-admin");
    expect(await deleteUserKeepingAnAdmin(test.db, admin.id, false)).toBe("last-admin");
    await insertUser(test.db, "deputy@rules.test", "admin");
    expect(await changeAdminRole(test.db, admin.id, false)).toBe("done");
    expect(await countAdmins(test.db)).toBe(1);
    expect(await deleteUserKeepingAnAdmin(test.db, member.id, false)).toBe("done");
    expect(await changeAdminRole(test.db, member.id, true)).toBe("missing");
  });

  it("the only admin may delete their account when nobody else is left", async () => {
    const admin = await insertUser(test.db, "alone@rules.test", "admin");
    expect(await deleteUserKeepingAnAdmin(test.db, admin.id, true)).toBe("done");
  });

  it("counts admins the way the badge reads the role: a role list naming admin is an admin", async () => {
    await insertUser(test.db, "listed@rules.test", "user,admin");
    const other = await insertUser(test.db, "plain@rules.test", "admin");
    expect(isAdminRole("user,admin")).toBe(true);
    expect(await countAdmins(test.db)).toBe(2);
    await insertUser(test.db, "administrator@rules.test", "administrator");
    expect(await countAdmins(test.db)).toBe(2);
    expect(await changeAdminRole(test.db, other.id, false)).toBe("done");
    expect(await countAdmins(test.db)).toBe(1);
  });

  // Each change reads the admins and then acts. The first one here is held right after its count (the gap a
  // check-then-act rule leaves open) while the second starts on a connection of its own: on PostgreSQL a second
  // pool, as a second server instance would have; on SQLite a second connection in another thread, as a second
  // process would have. Only the lock can stop the second from counting before the first has acted.
  describe("two admins acting at the same moment", () => {
    let second: Db | undefined;
    beforeAll(() => {
      if (test.kind === "postgres") second = createDb({ kind: "postgres", url: test.url });
    });
    afterAll(async () => second?.destroy());

    type Change = { userId: string } & ({ op: "demote" } | { op: "delete"; self: boolean });
    const apply = (db: Db, change: Change) =>
      change.op === "demote" ? changeAdminRole(db, change.userId, false) : deleteUserKeepingAnAdmin(db, change.userId, change.self);

    /** Starts the change on the other connection: `started` once it is under way, `outcome` when it is done. */
    function startElsewhere(change: Change): { started: Promise<void>; outcome: Promise<string> } {
      if (second) return { started: Promise.resolve(), outcome: apply(second, change) };
      const worker = new Worker(new URL("../setup/admin-roster-worker.ts", import.meta.url), {
        workerData: { ...change, file: test.url.slice("file:".length) } satisfies RosterJob,
        execArgv: ["--import", "./scripts/support/resolve-app-imports.ts"],
      });
      const started = Promise.withResolvers<void>();
      const outcome = new Promise<string>((resolve, reject) => {
        worker.on("message", (message: RosterMessage) => {
          if ("started" in message) started.resolve();
          else if ("outcome" in message) resolve(message.outcome);
          else reject(new Error(message.error));
        });
        worker.once("error", reject);
      });
      outcome.catch(() => started.resolve());
      return { started: started.promise, outcome };
    }

    /** Both outcomes: `first` on the test's connection, paused after its count while `then` runs elsewhere. */
    async function race(first: Change, then: Change): Promise<string[]> {
      let other: ReturnType<typeof startElsewhere> | undefined;
      const paused = test.db.withPlugin(
        pauseAfterAdminCount(async () => {
          other = startElsewhere(then);
          await other.started;
          // Until the other change is done (nothing held it back) or has long reached the lock and waits there.
          await Promise.race([other.outcome.catch(() => {}), new Promise((resolve) => setTimeout(resolve, 500))]);
        }),
      );
      const mine = await apply(paused, first);
      if (!other) throw new Error("the first change never counted the admins");
      return [mine, await other.outcome];
    }

    it("demoting each other: one is refused and one admin remains", async () => {
      const a = await insertUser(test.db, "a@rules.test", "admin");
      const b = await insertUser(test.db, "b@rules.test", "admin");
      const results = await race({ op: "demote", userId: b.id }, { op: "demote", userId: a.id });
      expect(results).toEqual(["done", "last-admin"]);
      expect(await countAdmins(test.db)).toBe(1);
    });

    it("deleting each other, or themselves, leaves an admin", async () => {
      for (const [selfA, selfB] of [[false, false], [true, true], [true, false]] as const) {
        await test.db.deleteFrom("user").execute();
        const a = await insertUser(test.db, "a@rules.test", "admin");
        const b = await insertUser(test.db, "b@rules.test", "admin");
        await insertUser(test.db, "member@rules.test");
        const results = await race({ op: "delete", userId: selfA ? a.id : b.id, self: selfA }, { op: "delete", userId: selfB ? b.id : a.id, self: selfB });
        expect(results.filter((r) => r === "done"), JSON.stringify([selfA, selfB, results])).toHaveLength(1);
        expect(await countAdmins(test.db)).toBe(1);
      }
    });
  });

  it("rate limits count in the database, per key, and reopen after the window", async () => {
    const limit = { windowSeconds: 60, max: 3 };
    const t0 = 1_800_000_000_000;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await consumeRateLimit(test.db, "signIn:ip:10.0.0.1", limit, t0 + i * 1000));
    expect(results).toEqual([true, true, true, false]);
    expect(await consumeRateLimit(test.db, "signIn:ip:10.0.0.2", limit, t0 + 5000)).toBe(true);
    expect(await consumeRateLimit(test.db, "signIn:ip:10.0.0.1", limit, t0 + 61_000)).toBe(true);
    // Concurrent attempts are all counted.
    const burst = await Promise.all(Array.from({ length: 10 }, () => consumeRateLimit(test.db, "signUp:ip:10.0.0.3", limit, t0)));
    expect(burst.filter(Boolean)).toHaveLength(3);
  });

  describe("nobody who knows the owner's e-mail address can lock him out", () => {
    const owner = "owner@lockout.test";
    const attempt = (client: string, email: string | undefined = owner, action: "signIn" | "reset" = "signIn", now = t0) =>
      allowAuthAttempt(test.db, action, client, email, now);
    const t0 = 1_900_000_000_000;
    beforeEach(async () => {
      await test.db.deleteFrom("requestLimit").execute();
    });

    it("a stranger's wrong passwords refuse the stranger, not the owner's own client", async () => {
      const stranger = [];
      for (let i = 0; i < 15; i++) stranger.push((await attempt("203.0.113.9")).allowed);
      expect(stranger.filter(Boolean)).toHaveLength(AUTH_LIMITS.signIn.accountClient.max);
      expect(stranger.at(-1)).toBe(false);
      expect((await attempt("198.51.100.7")).allowed).toBe(true);
    });

    it("over the account's own limit (many addresses guessing), a client that has not been failing still gets its tries", async () => {
      const { account, accountBusyAllowance } = AUTH_LIMITS.signIn;
      // Guessing spread over many addresses, three tries each: the account's limit is passed.
      for (let i = 0; i < Math.ceil(account.max / 3) + 5; i++) for (let j = 0; j < 3; j++) await attempt(`2001:db8:${i.toString(16)}::/64`);
      // A new client gets its first few tries, and no more while the account is this busy.
      const results = [];
      for (let i = 0; i < accountBusyAllowance + 1; i++) results.push((await attempt("198.51.100.7")).allowed);
      expect(results).toEqual([...Array<boolean>(accountBusyAllowance).fill(true), false]);
      // The owner's own client, signing in with the right password (each try given back), is never refused.
      for (let i = 0; i < 20; i++) {
        const own = await attempt("192.0.2.1");
        expect(own.allowed).toBe(true);
        await own.release();
      }
    });

    it("a right password is given back: signing in often never adds up to a refusal", async () => {
      for (let i = 0; i < AUTH_LIMITS.signIn.client.max + 5; i++) {
        const own = await attempt("192.0.2.2");
        expect(own.allowed).toBe(true);
        await own.release();
      }
    });

    it("a stranger asking for the owner's reset e-mail cannot stop the owner's own request", async () => {
      for (let i = 0; i < 20; i++) await attempt(`203.0.113.${i}`, owner, "reset");
      for (let i = 0; i < 5; i++) await attempt("203.0.113.200", owner, "reset");
      expect((await attempt("192.0.2.3", owner, "reset")).allowed).toBe(true);
      // The stranger's own client is refused.
      expect((await attempt("203.0.113.200", owner, "reset")).allowed).toBe(false);
    });
  });

  it("expired rate-limit rows are deleted; rows of a window still running stay", async () => {
    await test.db.deleteFrom("requestLimit").execute();
    const now = 2_000_000_000_000;
    await consumeRateLimit(test.db, "signIn:ip:old", { windowSeconds: 900, max: 3 }, now - 25 * 3600 * 1000);
    await consumeRateLimit(test.db, "enquiry:site", { windowSeconds: 3600, max: 3 }, now - 3000 * 1000);
    expect(await deleteExpiredRateLimits(test.db, now)).toBe(1);
    expect((await test.db.selectFrom("requestLimit").select("key").execute()).map((r) => r.key)).toEqual(["enquiry:site"]);
    // Every limit's window is shorter than what the sweep keeps.
    const windows = Object.values(AUTH_LIMITS).flatMap((l) => [l.client, l.accountClient, l.account].map((w) => w.windowSeconds));
    expect(Math.max(...windows, 3600)).toBeLessThanOrEqual(24 * 3600);
  });

  it("rate limits outlast Better Auth's clean-up of its own table", async () => {
    const limit = { windowSeconds: 3600, max: 2 };
    const key = "enquiry:site";
    for (let i = 0; i < 3; i++) await consumeRateLimit(test.db, key, limit);
    // What Better Auth does when one of its one-minute windows rolls over: rows older than a minute go.
    await test.db.deleteFrom("rateLimit").where("lastRequest", "<", Date.now() + 3_600_000).execute();
    expect(await consumeRateLimit(test.db, key, limit)).toBe(false);
  });
});
