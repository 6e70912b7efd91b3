import { expect, it } from "vitest";
import {
  KEEP_VERSIONS,
  createDocument,
  discardDraft,
  getDocument,
  listVersions,
  publishDocument,
  replacePublished,
  restoreVersion,
  saveDraft,
} from "~/server/content/document-store.server";
import { describeEachDialect } from "../setup/databases";

await describeEachDialect("the content store", (test) => {
  const ref = { kind: "test", key: "page" };

  it("keeps a draft apart from what is published, publishes it as a version, and discards", async () => {
    expect(await createDocument(test.db, ref, { title: "One", body: "A" }, null)).toBe(true);
    expect(await createDocument(test.db, ref, { title: "Other" }, null)).toBe(false);
    let doc = (await getDocument(test.db, ref))!;
    expect(doc).toMatchObject({ published: { title: "One", body: "A" }, draft: null, revision: 1, publishedBy: null });

    const saved = await saveDraft(test.db, ref, { title: "Two", body: "A" }, doc.revision, "Mark");
    expect(saved).toEqual({ ok: true, revision: 2 });
    doc = (await getDocument(test.db, ref))!;
    expect(doc).toMatchObject({ published: { title: "One" }, draft: { title: "Two" }, draftUpdatedBy: "Mark" });

    expect(await publishDocument(test.db, ref, 2, "Mark")).toEqual({ ok: true, revision: 3 });
    doc = (await getDocument(test.db, ref))!;
    expect(doc).toMatchObject({ published: { title: "Two", body: "A" }, draft: null, publishedBy: "Mark" });
    const [latest] = await listVersions(test.db, ref);
    expect(latest).toMatchObject({ reason: "publish", createdBy: "Mark", changedFields: ["title"], data: { title: "Two", body: "A" } });

    await saveDraft(test.db, ref, { title: "Three", body: "A" }, 3, "Mark");
    expect(await discardDraft(test.db, ref, 4)).toEqual({ ok: true, revision: 5 });
    expect((await getDocument(test.db, ref))!.draft).toBeNull();
  });

  it("refuses a save made on a stale copy and tells the current state, overwriting nothing", async () => {
    const doc = (await getDocument(test.db, ref))!;
    expect((await saveDraft(test.db, ref, { title: "Alice's" }, doc.revision, "Alice")).ok).toBe(true);
    const second = await saveDraft(test.db, ref, { title: "Bob's" }, doc.revision, "Bob");
    expect(second.ok).toBe(false);
    expect(second.ok ? null : second.current).toMatchObject({ draft: { title: "Alice's" }, draftUpdatedBy: "Alice" });
    expect((await getDocument(test.db, ref))!.draft).toEqual({ title: "Alice's" });
    expect((await publishDocument(test.db, ref, doc.revision, "Bob")).ok).toBe(false);
  });

  it("restores an old version as the draft, keeping the draft in progress as a version first", async () => {
    const first = (await listVersions(test.db, ref)).find((v) => v.reason === "seed")!;
    const doc = (await getDocument(test.db, ref))!;
    const result = await restoreVersion(test.db, ref, first.id, doc.revision, "Mark");
    expect(result?.ok).toBe(true);
    expect((await getDocument(test.db, ref))!.draft).toEqual({ title: "One", body: "A" });
    const [kept] = await listVersions(test.db, ref);
    expect(kept).toMatchObject({ reason: "draft", createdBy: "Alice", data: { title: "Alice's" } });
    expect(await restoreVersion(test.db, { kind: "test", key: "other" }, first.id, 1, "Mark")).toBeNull();
  });

  it("keeps the last versions of each document, at least 50", async () => {
    expect(KEEP_VERSIONS).toBeGreaterThanOrEqual(50);
    const many = { kind: "test", key: "many" };
    await createDocument(test.db, many, { n: 0 }, null);
    for (let n = 1; n <= KEEP_VERSIONS + 5; n++) await replacePublished(test.db, many, { n }, "Mark");
    const versions = await listVersions(test.db, many, 1000);
    expect(versions).toHaveLength(KEEP_VERSIONS);
    expect(versions[0]!.data).toEqual({ n: KEEP_VERSIONS + 5 });
    expect(await listVersions(test.db, ref)).not.toHaveLength(0);
  });
});
