import type { Env } from "../env.server";
import { getEnv } from "../env.server";
import type { Storage } from "./storage-contract.server";

export async function createStorage(config: Env["storage"]): Promise<Storage> {
  if (config.kind === "s3") {
    const { S3Storage } = await import("./s3.server");
    return new S3Storage(config);
  }
  const { LocalStorage } = await import("./local.server");
  return new LocalStorage(config.root);
}

let instance: Promise<Storage> | undefined;

/** The process-wide storage chosen by STORAGE_URL. */
export function getStorage(): Promise<Storage> {
  instance ??= createStorage(getEnv().storage);
  return instance;
}
