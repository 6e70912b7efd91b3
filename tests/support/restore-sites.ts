import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import type { BackupSource } from "~/server/backup/create-backup.server";
import type { RestoreTarget } from "~/server/backup/target-state.server";
import { createDb, type Db } from "~/server/db/client.server";
import { LocalStorage } from "~/server/storage/local.server";
import { S3Storage } from "~/server/storage/s3.server";
import type { Storage } from "~/server/storage/storage-contract.server";
import { createTestDatabase } from "../setup/databases";
import type { TestS3 } from "../setup/s3";

export type SiteKind = "sqlite-local" | "postgres-s3";

/** A site's database, storage and data folder, as the restore command finds them from its settings (`env`). */
export type TestSite = {
  kind: SiteKind;
  env: Record<string, string>;
  db: Db;
  storage: Storage;
  dataDir: string;
  jobDirectory: string;
  /** What `npm run restore` opens: with `site`, so it takes the lock and saves the target before --force. */
  target(): RestoreTarget;
  destroy(): Promise<void>;
};

/** A new, empty site (no tables, no files) of the given kind under `root`; PostgreSQL and S3 get a database and a bucket of their own. */
export async function createTestSite(kind: SiteKind, root: string, s3?: TestS3): Promise<TestSite> {
  const dataDir = path.join(root, `site-${randomBytes(4).toString("hex")}`);
  await mkdir(dataDir, { recursive: true });
  const jobDirectory = path.join(dataDir, "image-jobs");
  let db: Db;
  let storage: Storage;
  let env: Record<string, string> = { DATA_DIR: dataDir };
  let database: BackupSource["database"];
  let destroy: () => Promise<void>;
  if (kind === "sqlite-local") {
    database = { kind: "sqlite", file: path.join(dataDir, "site.db") };
    db = createDb(database);
    storage = new LocalStorage(path.join(dataDir, "uploads"));
    destroy = () => db.destroy();
  } else {
    if (!s3) throw new Error("an S3 server is needed for a PostgreSQL and S3 site");
    const pg = await createTestDatabase("postgres", { migrate: false });
    const bucket = `site-${randomBytes(4).toString("hex")}`;
    const client = new S3Client({ region: "us-east-1", endpoint: s3.config.endpoint, forcePathStyle: true, credentials: { accessKeyId: s3.config.accessKeyId!, secretAccessKey: s3.config.secretAccessKey! } });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    client.destroy();
    database = { kind: "postgres", url: pg.url };
    db = pg.db;
    storage = new S3Storage({ ...s3.config, bucket });
    env = {
      ...env,
      DATABASE_URL: pg.url,
      STORAGE_URL: `s3://${bucket}?endpoint=${s3.config.endpoint}&region=us-east-1`,
      AWS_ACCESS_KEY_ID: s3.config.accessKeyId ?? "",
      AWS_SECRET_ACCESS_KEY: s3.config.secretAccessKey ?? "",
    };
    destroy = () => pg.destroy();
  }
  const site: BackupSource = { database, storage, storageKind: kind === "sqlite-local" ? "local" : "s3", dataDir };
  return { kind, env, db, storage, dataDir, jobDirectory, target: () => ({ db, storage, jobDirectory, site }), destroy };
}
