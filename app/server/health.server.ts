import { getDb, pingDatabase } from "./db/client.server";
import { logger } from "./logger.server";
import { getStorage } from "./storage/storage.server";

/** A check that takes longer than this counts as unreachable: an uptime monitor must get an answer. */
const CHECK_TIMEOUT_MS = 3_000;

export type CheckResult = "ok" | "unavailable";

async function check(name: string, probe: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return "ok";
  } catch (error) {
    logger.error({ err: error }, `health check: ${name} unavailable`);
    return "unavailable";
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the database and the file storage both answer, each within CHECK_TIMEOUT_MS. */
export async function checkHealth(): Promise<{ ok: boolean; database: CheckResult; storage: CheckResult }> {
  const [database, storage] = await Promise.all([
    check("database", () => pingDatabase(getDb())),
    check("storage", async () => (await getStorage()).ping()),
  ]);
  return { ok: database === "ok" && storage === "ok", database, storage };
}
