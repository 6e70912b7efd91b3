import { createDb } from "../db/client.server";
import { getEnv } from "../env.server";
import { getJobDirectoryIn } from "../images/master-image.server";
import { createStorage, getStorage } from "../storage/storage.server";
import type { BackupSource } from "./create-backup.server";
import type { RestoreTarget } from "./target-state.server";

/** This site's database, storage and DATA_DIR, as the environment names them. */
export async function getBackupSource(): Promise<BackupSource> {
  const env = getEnv();
  return { database: env.database, storage: await getStorage(), storageKind: env.storage.kind, dataDir: env.dataDir };
}

/** The same, opened for a restore (its own database connection, which the caller destroys). */
export async function openRestoreTarget(): Promise<RestoreTarget> {
  const env = getEnv();
  const storage = await createStorage(env.storage);
  return {
    db: createDb(env.database),
    storage,
    jobDirectory: getJobDirectoryIn(env.dataDir),
    site: { database: env.database, storage, storageKind: env.storage.kind, dataDir: env.dataDir },
  };
}
