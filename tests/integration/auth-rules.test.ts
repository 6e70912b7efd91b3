import { PostgresAdapter } from "kysely";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkAdminRemoval, countAdmins, promoteIfFirstAdmin } from "~/server/auth/admin-role.server";
import { consumeRateLimit } from "~/server/auth/rate-limit.server";
import type { Db } from "~/server/db/client.server";
import { createTestDatabase, type TestDatabase, testDialects } from "../setup/databases";

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

for (const dialect of await testDialects()) {
  describe.skipIf(dialect.skip)(`account rules ${dialect.label}`, () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await createTestDatabase(dialect.kind);
    });
    afterAll(async () => test?.destroy());
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
      expect(await checkAdminRemoval(test.db, admin.id, "delete")).toBeNull();
      expect(await checkAdminRemoval(test.db, admin.id, "demote")).toBe("last-admin");
      const member = await insertUser(test.db, "member@rules.test");
      expect(await checkAdminRemoval(test.db, admin.id, "delete")).toBe("last-admin");
      expect(await checkAdminRemoval(test.db, member.id, "delete")).toBeNull();
      await insertUser(test.db, "deputy@rules.test", "admin");
      expect(await checkAdminRemoval(test.db, admin.id, "delete")).toBeNull();
      expect(await checkAdminRemoval(test.db, admin.id, "demote")).toBeNull();
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
  });
}
