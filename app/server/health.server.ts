import { getDb, pingDatabase } from "./db/client.server";
import { logger } from "./logger.server";
import { getStorage } from "./storage/storage.server";

/** A check that takes longer than this counts as unreachable: an uptime monitor must get an answer. */
const CHECK_TIMEOUT_MS = 3_000;
/**
 * /healthz needs no sign-in, and asking S3 is a billed request: an answer is reused for this long, and requests
 * that arrive while a check runs share it, so a flood of /healthz costs one check every few seconds.
 */
export const HEALTH_REUSE_MS = 5_000;

export type CheckResult = "ok" | "unavailable";
export type Health = { ok: boolean; database: CheckResult; storage: CheckResult };

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

async function runChecks(): Promise<Health> {
  const [database, storage] = await Promise.all([
    check("database", () => pingDatabase(getDb())),
    check("storage", async () => (await getStorage()).ping()),
  ]);
  return { ok: database === "ok" && storage === "ok", database, storage };
}

let latest: { answer: Promise<Health>; startedAt: number } | undefined;

/** Whether the database and the file storage both answer, each within CHECK_TIMEOUT_MS; at most one check per HEALTH_REUSE_MS. */
export function checkHealth(now = Date.now()): Promise<Health> {
  if (!latest || now - latest.startedAt >= HEALTH_REUSE_MS) latest = { answer: runChecks(), startedAt: now };
  return latest.answer;
}
