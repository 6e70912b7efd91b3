import { readdir } from "node:fs/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createCategory } from "~/server/db/categories.server";
import type { Db } from "~/server/db/client.server";
import { listCategoryImages } from "~/server/db/images.server";
import { createImageFromUpload } from "~/server/images/create-image.server";
import { deleteSelected, moveSelected } from "~/server/galleries/arrange-galleries.server";
import { S3Storage } from "~/server/storage/s3.server";
import type { Storage } from "~/server/storage/storage-contract.server";
import { insertImage } from "../factories/images";
import { type DialectSuite, describeEachDialect } from "../setup/databases";
import { copyFixture, createTestPipeline, listKeys } from "../setup/images";
import { type TestS3, startS3Server } from "../setup/s3";

const s3 = await startS3Server();
afterAll(async () => s3.server?.stop());

const contentVersion = async (db: Db) =>
  Number((await db.selectFrom("contentVersion").select("version").where("id", "=", 1).executeTakeFirstOrThrow()).version);

const bulkTests = (storage: () => Storage | undefined) => (test: DialectSuite) => {
  let pipeline: Awaited<ReturnType<typeof createTestPipeline>>;
  let from: number;
  let to: number;
  let ids: string[];

  beforeAll(async () => {
    pipeline = await createTestPipeline(test.db, storage());
    from = (await createCategory(test.db, "Loft conversions")).id;
    to = (await createCategory(test.db, "Dormers")).id;
    ids = [];
    for (let i = 0; i < 20; i++) {
      const image = await createImageFromUpload(pipeline, { file: await copyFixture("tiny.png"), categoryId: from, name: `loft-${i}`, title: "", caption: "" });
      ids.push(image.id);
    }
    await insertImage(test.db, { categoryId: to, name: "already-there" });
  });
  afterAll(async () => pipeline?.cleanup());

  it("moves 20 selected photos in one go, to the end of the other category in their order, telling the page cache once", async () => {
    const version = await contentVersion(test.db);
    expect(await moveSelected(test.db, ids.toReversed(), to)).toEqual({ ok: true, value: { count: 20 } });
    expect(await contentVersion(test.db)).toBe(version + 1);
    expect((await listCategoryImages(test.db, to, { limit: 100 })).map((row) => row.name)).toEqual([
      "already-there",
      ...ids.map((_, i) => `loft-${i}`),
    ]);
    expect(await listCategoryImages(test.db, from)).toEqual([]);
  });

  it("moves none when one name is taken there, naming it", async () => {
    await insertImage(test.db, { categoryId: from, name: "already-there" });
    const loner = await insertImage(test.db, { categoryId: from, name: "fine" });
    const clash = (await listCategoryImages(test.db, from)).find((row) => row.name === "already-there")!;
    const version = await contentVersion(test.db);
    const result = await moveSelected(test.db, [loner.id, clash.id], to);
    expect(result).toMatchObject({ ok: false, status: 409, message: expect.stringContaining('"already-there"') });
    expect((await listCategoryImages(test.db, from)).map((row) => row.name).toSorted()).toEqual(["already-there", "fine"]);
    expect(await contentVersion(test.db)).toBe(version);
  });

  it("deletes 20 selected photos in one transaction, then every file of theirs, telling the page cache once", async () => {
    const filesBefore = await listKeys(pipeline.storage);
    expect(ids.every((id) => filesBefore.some((key) => key.startsWith(`images/${id}/`)))).toBe(true);
    const version = await contentVersion(test.db);
    expect(await deleteSelected(pipeline, ids)).toEqual({ ok: true, value: { count: 20 } });
    expect(await contentVersion(test.db)).toBe(version + 1);
    expect(await test.db.selectFrom("image").select("id").where("id", "in", ids).execute()).toEqual([]);
    const left = (await listKeys(pipeline.storage)).filter((key) => ids.some((id) => key.includes(id)));
    expect(left).toEqual([]);
    const jobs = (await readdir(pipeline.jobDirectory).catch(() => [] as string[])).filter((file) => ids.some((id) => file.startsWith(id)));
    expect(jobs).toEqual([]);
    expect((await listCategoryImages(test.db, to)).map((row) => row.name)).toEqual(["already-there"]);
  });
};

await describeEachDialect("many photos at once, local storage,", bulkTests(() => undefined));
await describeEachDialect(
  "many photos at once, S3 storage,",
  { skipReason: () => s3.skipReason },
  bulkTests(() => new S3Storage((s3.server as TestS3).config)),
);
