import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/setup/databases";
import { createCategory, deleteCategoryRow, renameCategory } from "../db/categories.server";
import { addImageVariant, createImage, deleteImage, updateImageDetails, updateImageStatus } from "../db/images.server";
import { recordVisit } from "../visits/visits.server";
import { currentGeneration, latestVisitorCount, noteContentChanged, pollFreshness } from "./page-freshness.server";

await describeEachDialect("page freshness", (database) => {
  beforeAll(async () => {
    await pollFreshness(database.db);
  });

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

  it("moves on with every write that changes what public pages show", async () => {
    const changes = async (write: () => Promise<unknown>) => {
      const before = currentGeneration();
      await write();
      return currentGeneration() > before;
    };
    const category = await createCategory(database.db, "Every Write");
    const id = "0190a5c2-0000-7000-8000-000000000001";
    const values = { id, categoryId: category.id, name: "wall", title: "", caption: "", width: 800, height: 600, placeholder: "" };
    expect(await changes(() => renameCategory(database.db, category.id, "Every Write Renamed"))).toBe(true);
    let version = 0;
    expect(await changes(async () => (version = (await createImage(database.db, values)).version))).toBe(true);
    const variant = { name: "w320", format: "avif", width: 320, height: 240, size: 1000, hash: "abc123" } as const;
    expect(await changes(() => addImageVariant(database.db, id, variant))).toBe(true);
    expect(await changes(() => updateImageStatus(database.db, id, "ready"))).toBe(true);
    expect(await changes(() => updateImageDetails(database.db, id, version, { caption: "Skimmed and painted" }))).toBe(true);
    // A refused edit (stale version) changes nothing.
    expect(await changes(() => updateImageDetails(database.db, id, version, { caption: "Too late" }))).toBe(false);
    expect(await changes(() => deleteImage(database.db, id))).toBe(true);
    expect(await changes(() => deleteCategoryRow(database.db, category.id))).toBe(true);
  });

  it("follows the visitor count, whichever process counted", async () => {
    const total = await recordVisit(database.db);
    await pollFreshness(database.db);
    expect(latestVisitorCount()).toBe(total);
    await noteContentChanged(database.db);
  });
});
