import { access } from "node:fs/promises";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createCategory } from "~/server/db/categories.server";
import { deleteImage } from "~/server/db/images.server";
import { finishUpload } from "~/server/galleries/manage-galleries.server";
import { type ImageWorker, createImageWorker } from "~/server/images/image-worker.server";
import { describeEachDialect } from "../setup/databases";
import { copyFixture, createTestPipeline, listKeys, wrapStorage } from "../setup/images";

// The upload action's second step as the route calls it, with the server's process-wide pieces (the running image
// worker, the tus folder) replaced by a worker on a test database and an upload file of the test's own.
const server = vi.hoisted(() => ({ worker: undefined as ImageWorker | undefined, uploads: new Map<string, string>() }));
vi.mock("~/server/images/background-jobs.server", () => ({
  getImageWorker: () => server.worker,
  getJobDirectory: () => "unused",
}));
vi.mock("~/server/uploads/completed-uploads.server", () => ({
  takeCompletedUpload: async (id: string) => {
    const file = server.uploads.get(id);
    server.uploads.delete(id);
    return file ? { id, file, size: 0, metadata: {} } : null;
  },
}));

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

await describeEachDialect("finishing an upload", (test) => {
  let pipeline: Awaited<ReturnType<typeof createTestPipeline>>;
  beforeAll(async () => {
    pipeline = await createTestPipeline(test.db);
  });
  afterAll(async () => {
    await server.worker?.stop();
    await pipeline?.cleanup();
  });

  it("answers 409 with its message when the image is deleted while its upload is processed, and keeps nothing", async () => {
    const category = await createCategory(test.db, "Doomed");
    // The image row goes as its first variant lands (another admin deleting its category, say).
    const deleting = wrapStorage(pipeline.storage, {
      put: async (key, body, options) => {
        await pipeline.storage.put(key, body, options);
        if (key.startsWith("images/")) await deleteImage(test.db, key.split("/")[1]!);
      },
    });
    server.worker = createImageWorker({ ...pipeline, storage: deleting });
    const file = await copyFixture("tiny.png");
    server.uploads.set("0123456789abcdef0123456789abcdef", file);

    const result = await finishUpload(test.db, { uploadId: "0123456789abcdef0123456789abcdef", categoryId: category.id, name: "doomed", title: "", caption: "" });
    expect(result).toEqual({
      ok: false,
      status: 409,
      message: "The image was deleted while it was being uploaded; nothing of it was kept. Its category may have been deleted.",
      field: "file",
    });
    expect(await test.db.selectFrom("image").select("id").execute()).toEqual([]);
    expect(await listKeys(pipeline.storage)).toEqual([]);
    expect(await exists(file)).toBe(false);
  });
});
