import { sql } from "kysely";
import { getBuildInfo } from "~/server/build-info.server";
import { getDb } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";
import { getStorage } from "~/server/storage/storage.server";

/** A check that takes longer than this counts as unreachable: an uptime monitor must get an answer. */
const CHECK_TIMEOUT_MS = 3_000;

type CheckResult = "ok" | "unavailable";

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

/**
 * For uptime monitors and the deploy notes: 200 when the database and the file storage both answer, 503 when
 * either does not, with the build's version either way.
 */
export async function loader() {
  const started = performance.now();
  const [database, storage] = await Promise.all([
    check("database", () => sql`select 1`.execute(getDb())),
    check("storage", async () => (await getStorage()).ping()),
  ]);
  const ok = database === "ok" && storage === "ok";
  return Response.json(
    { status: ok ? "ok" : "error", database, storage, build: getBuildInfo(), ms: Math.round(performance.now() - started) },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
