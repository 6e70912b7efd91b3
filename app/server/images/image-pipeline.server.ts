import type { Db } from "../db/client.server";
import type { Storage } from "../storage/storage-contract.server";

/** What the pipeline works with: the database, the file storage, and a local folder for unfinished work. */
export type ImagePipeline = { db: Db; storage: Storage; jobDirectory: string };
