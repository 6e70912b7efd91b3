import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TRANSIENT_TABLES, readBackupLayout, readDatabaseLayout } from "~/server/backup/database-layout.server";
import { writeBackup } from "~/server/backup/create-backup.server";
import { exportDatabase } from "~/server/backup/export-database.server";
import { restoreBackup } from "~/server/backup/restore-backup.server";
import { LocalStorage } from "~/server/storage/local.server";
import { insertImage } from "../factories/images";
import { insertCategory } from "../factories/categories";
import { type TestDatabase, createTestDatabase, describeEachDialect } from "../setup/databases";
import { readAllRows } from "../support/site-data";

await describeEachDialect("what a backup carries", (test) => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "backup-layout-"));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it("is every table the migrations made except the transient ones, parents before children", async () => {
    const all = (await test.db.introspection.getTables()).map((table) => table.name).toSorted();
    const carried = (await readBackupLayout(test.db)).map((table) => table.name);
    expect(carried.toSorted()).toEqual(all.filter((name) => !TRANSIENT_TABLES.has(name)).toSorted());
    expect(carried.indexOf("category")).toBeLessThan(carried.indexOf("image"));
    expect(carried.indexOf("user")).toBeLessThan(carried.indexOf("account"));
    // Every transient table really exists: a rename would otherwise put its rows into backups unnoticed.
    for (const name of TRANSIENT_TABLES) expect(all).toContain(name);
  });

  it("picks up a table a later migration adds, with its foreign keys, without a list to update", async () => {
    await sql.raw(`create table "laterThing" ("id" integer primary key, "userId" text references "user" ("id"), "note" text not null)`).execute(test.db);
    await sql.raw(`create table "laterThingPart" ("id" integer primary key, "thingId" integer not null references "laterThing" ("id"), "key" text not null)`).execute(test.db);
    const layout = await readDatabaseLayout(test.db);
    const names = layout.map((table) => table.name);
    expect(names.indexOf("user")).toBeLessThan(names.indexOf("laterThing"));
    expect(names.indexOf("laterThing")).toBeLessThan(names.indexOf("laterThingPart"));
    expect(layout.find((table) => table.name === "laterThingPart")).toMatchObject({ primaryKey: ["id"], references: ["laterThing"] });
    // Made by hand, not by one of the site's migrations: someone else's, so never carried (nor dropped by a restore).
    expect((await readBackupLayout(test.db)).map((table) => table.name)).not.toContain("laterThing");
    await sql.raw(`drop table "laterThingPart"`).execute(test.db);
    await sql.raw(`drop table "laterThing"`).execute(test.db);
  });

  it("backs up and restores a site nobody has used yet (every table empty)", async () => {
    const empty = await createTestDatabase(test.kind);
    const target = await createTestDatabase(test.kind, { migrate: false });
    try {
      const source = empty.kind === "postgres" ? { kind: "postgres" as const, url: empty.url } : { kind: "sqlite" as const, file: empty.url.slice("file:".length) };
      const file = path.join(work, "empty.tar.gz");
      const storage = new LocalStorage(path.join(work, "empty-storage"));
      const { counts } = await writeBackup({ database: source, storage, storageKind: "local", dataDir: path.join(work, "empty-data") }, createWriteStream(file));
      expect(counts).toMatchObject({ rows: 1, files: 0, jobs: 0 });
      await restoreBackup(file, { db: target.db, storage: new LocalStorage(path.join(work, "empty-restored")), jobDirectory: path.join(work, "empty-jobs") });
      expect(await readAllRows(target.db)).toEqual(await readAllRows(empty.db));
    } finally {
      await empty.destroy();
      await target.destroy();
    }
  });

  it("reads one moment of the database while the site keeps writing", async () => {
    const { id: categoryId } = await insertCategory(test.db, { name: "Before" });
    let wrote = false;
    // A second connection writes while the export is between tables: a category and an image in it.
    const writer = await createWriter(test);
    try {
      const exported = await exportDatabase(test.db, work, async (table) => {
        if (table.name !== "category" || wrote) return;
        wrote = true;
        await writer.write();
      });
      expect(wrote).toBe(true);
      const rows = (name: string) => exported.tables.find((table) => table.name === name)!.rows;
      expect(rows("category")).toBe(1);
      expect(rows("image")).toBe(0);
      expect(await test.db.selectFrom("image").select("id").execute()).toHaveLength(1);
    } finally {
      await writer.close();
      await test.db.deleteFrom("image").execute();
      await test.db.deleteFrom("category").where("id", "!=", categoryId).execute();
    }
  });
});

/** Another connection to the same database, as the running site would have. */
async function createWriter(test: Pick<TestDatabase, "kind" | "url">) {
  const { createDb } = await import("~/server/db/client.server");
  const db = createDb(test.kind === "postgres" ? { kind: "postgres", url: test.url } : { kind: "sqlite", file: test.url.slice("file:".length) });
  return {
    async write() {
      const { id } = await insertCategory(db, { name: "During" });
      await insertImage(db, { id: "01900000-0000-7000-8000-000000000001", categoryId: id, name: "during" });
    },
    close: () => db.destroy(),
  };
}
