import { createWriteStream, existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseVariants } from "~/lib/image-variants";
import { writeBackup } from "~/server/backup/create-backup.server";
import { restoreBackup } from "~/server/backup/restore-backup.server";
import { getImage } from "~/server/db/images.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { finishImageVariants } from "~/server/images/finish-image.server";
import { createImageWorker } from "~/server/images/image-worker.server";
import { getMasterFile } from "~/server/images/master-image.server";
import { brickWall } from "../../scripts/support/synthetic-photo";
import { insertCategory } from "../factories/categories";
import { postgresUnavailableReason } from "../setup/databases";
import { wrapStorage, writeUpload } from "../setup/images";
import { startS3Server } from "../setup/s3";
import { type SiteKind, type TestSite, createTestSite } from "../support/restore-sites";

// An image is still being processed when a backup starts, and the worker finishes it (and deletes its master) while
// the backup is copying files. The archive must still hold the master the snapshot's row needs, so the restored
// site finishes the image exactly as the original did, not from a stand-in.
const pgReason = await postgresUnavailableReason();
const s3 = await startS3Server();

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "backup-processing-"));
});
afterAll(async () => {
  await s3.server?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

const kinds: { kind: SiteKind; skip: string | undefined }[] = [
  { kind: "sqlite-local", skip: undefined },
  { kind: "postgres-s3", skip: pgReason ?? s3.skipReason },
];

for (const { kind, skip } of kinds) {
  describe.skipIf(skip !== undefined)(`a backup taken while an image is processed, ${kind}${skip ? ` (skipped: ${skip})` : ""}`, () => {
    let source: TestSite;
    let target: TestSite;
    beforeAll(async () => {
      source = await createTestSite(kind, work, s3.server);
      target = await createTestSite(kind, work, s3.server);
      await migrateToLatest(source.db);
    }, 60_000);
    afterAll(async () => {
      await source?.destroy();
      await target?.destroy();
    });

    it("holds the image's master, and the restored site finishes the image as the original did", async () => {
      const pipeline = { db: source.db, storage: source.storage, jobDirectory: source.jobDirectory };
      const { id: categoryId } = await insertCategory(source.db, { name: "Kitchens" });
      const worker = createImageWorker(pipeline);
      const photo = await sharp(brickWall(2400, 1600, 5), { raw: { width: 2400, height: 1600, channels: 3 } }).jpeg().toBuffer();
      const image = await worker.addImage({ file: await writeUpload(photo), categoryId, name: "in progress", title: "", caption: "" });
      await worker.stop();
      expect((await getImage(source.db, image.id))?.status).toBe("processing");

      // The worker finishes the image as soon as the backup has taken its snapshot and starts copying the photos.
      let finished: Promise<unknown> | undefined;
      const racing = wrapStorage(source.storage, {
        get: async (key) => {
          if (key.startsWith("images/")) await (finished ??= finishImageVariants(pipeline, image.id));
          return source.storage.get(key);
        },
      });
      const archive = path.join(work, `processing-${kind}.tar.gz`);
      const { manifest } = await writeBackup({ ...source.target().site!, storage: racing }, createWriteStream(archive));
      expect(finished).toBeDefined();
      const original = await getImage(source.db, image.id);
      expect(original?.status).toBe("ready");
      expect(existsSync(getMasterFile(source.jobDirectory, image.id))).toBe(false);
      expect(manifest.entries.map((entry) => entry.name)).toContain(`jobs/${image.id}.v`);

      await restoreBackup(archive, target.target());
      expect((await getImage(target.db, image.id))?.status).toBe("processing");
      expect(existsSync(getMasterFile(target.jobDirectory, image.id))).toBe(true);
      const restoredPipeline = { db: target.db, storage: target.storage, jobDirectory: target.jobDirectory };
      expect(await finishImageVariants(restoredPipeline, image.id)).toBe("ready");
      // Every size made from the same master: the same files, byte for byte (each variant's hash is of its bytes).
      const restored = await getImage(target.db, image.id);
      const summary = (variants: string | undefined) => parseVariants(variants ?? "[]").map(({ name, format, width, height, hash }) => ({ name, format, width, height, hash })).toSorted((a, b) => `${a.name}.${a.format}`.localeCompare(`${b.name}.${b.format}`));
      expect(summary(restored?.variants)).toEqual(summary(original?.variants));
      expect(existsSync(getMasterFile(target.jobDirectory, image.id))).toBe(false);
    }, 180_000);
  });
}
