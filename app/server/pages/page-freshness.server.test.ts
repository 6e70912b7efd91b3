import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDialects } from "../../../tests/setup/databases";
import { createCategory } from "../db/categories.server";
import { recordVisit } from "../visits/visits.server";
import { currentGeneration, latestVisitorCount, noteContentChanged, pollFreshness } from "./page-freshness.server";

for (const dialect of await testDialects()) {
  describe.skipIf(dialect.skip)(`page freshness on ${dialect.label}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect.kind);
      await pollFreshness(database.db);
    });
    afterAll(() => database?.destroy());

    it("moves on at once when this process changes content, and once more at the next poll", async () => {
      const before = currentGeneration();
      await createCategory(database.db, "Freshness");
      expect(currentGeneration()).toBe(before + 1);
      const { version } = await database.db.selectFrom("contentVersion").select("version").where("id", "=", 1).executeTakeFirstOrThrow();
      expect(Number(version)).toBeGreaterThan(0);
      await pollFreshness(database.db);
      expect(currentGeneration()).toBe(before + 2);
      await pollFreshness(database.db);
      expect(currentGeneration()).toBe(before + 2);
    });

    it("moves on when another instance raised the version, and not otherwise", async () => {
      await pollFreshness(database.db);
      const before = currentGeneration();
      await pollFreshness(database.db);
      expect(currentGeneration()).toBe(before);
      // What noteContentChanged does in another process: only the row changes here.
      await sql`update "contentVersion" set "version" = "version" + 1 where "id" = 1`.execute(database.db);
      await pollFreshness(database.db);
      expect(currentGeneration()).toBe(before + 1);
    });

    it("follows the visitor count, whichever process counted", async () => {
      const total = await recordVisit(database.db);
      await pollFreshness(database.db);
      expect(latestVisitorCount()).toBe(total);
      await noteContentChanged(database.db);
    });
  });
}
