import { sql } from "kysely";
import { expect, it } from "vitest";
import { migrateToLatest } from "~/server/db/migrate.server";
import { describeEachDialect } from "../setup/databases";

await describeEachDialect("schema", (test) => {

  it("is up to date after migrating, and migrating again does nothing", async () => {
    expect(await migrateToLatest(test.db)).toEqual([]);
    const tables = (await test.db.introspection.getTables()).map((t) => t.name);
    for (const table of ["category", "image", "visitCounter", "visitDay", "user", "session", "account", "verification", "rateLimit"]) {
      expect(tables).toContain(table);
    }
  });

  it("enforces foreign keys: deleting a category deletes its images", async () => {
    const now = new Date().toISOString();
    const { id } = await test.db
      .insertInto("category")
      .values({ name: "kitchens", createdAt: now, updatedAt: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await test.db
      .insertInto("image")
      .values({ id: "0190f000-0000-7000-8000-000000000001", categoryId: id, name: "sink", title: "", caption: "", width: null, height: null, placeholder: null, status: "ready", variants: "[]", createdAt: now, updatedAt: now })
      .execute();
    await expect(
      test.db
        .insertInto("image")
        .values({ id: "0190f000-0000-7000-8000-000000000002", categoryId: 99999, name: "orphan", title: "", caption: "", width: null, height: null, placeholder: null, status: "ready", variants: "[]", createdAt: now, updatedAt: now })
        .execute(),
    ).rejects.toThrow();
    await test.db.deleteFrom("category").where("id", "=", id).execute();
    const left = await test.db.selectFrom("image").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });

  it("refuses two categories whose names differ only in case", async () => {
    const now = new Date().toISOString();
    await test.db.insertInto("category").values({ name: "Bathrooms", createdAt: now, updatedAt: now }).execute();
    await expect(
      test.db.insertInto("category").values({ name: "bathrooms", createdAt: now, updatedAt: now }).execute(),
    ).rejects.toThrow();
  });
});
