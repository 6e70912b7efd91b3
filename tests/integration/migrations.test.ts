import { sql } from "kysely";
import { expect, it } from "vitest";
import { isUniqueViolation } from "~/server/db/errors.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { insertImage } from "../factories/images";
import { insertCategory } from "../factories/categories";
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
    const { id } = await insertCategory(test.db, { name: "kitchens" });
    await insertImage(test.db, { categoryId: id, name: "sink" });
    await expect(insertImage(test.db, { categoryId: 99999, name: "orphan" })).rejects.toMatchObject({
      code: expect.stringMatching(/^(23503|SQLITE_CONSTRAINT_FOREIGNKEY)$/),
    });
    await test.db.deleteFrom("category").where("id", "=", id).execute();
    const left = await test.db.selectFrom("image").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });

  it("refuses two categories whose names differ only in case", async () => {
    await insertCategory(test.db, { name: "Bathrooms" });
    const duplicate = insertCategory(test.db, { name: "bathrooms" });
    await expect(duplicate).rejects.toSatisfy(isUniqueViolation);
    await expect(duplicate).rejects.toThrow(/category_name_unique/);
  });
});
