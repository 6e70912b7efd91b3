import { getBuildInfo } from "~/server/build-info.server";
import { checkHealth } from "~/server/health.server";

/**
 * For uptime monitors and the deploy notes: 200 when the database and the file storage both answer, 503 when
 * either does not, with the build's version either way.
 */
export async function loader() {
  const started = performance.now();
  const { ok, database, storage } = await checkHealth();
  return Response.json(
    { status: ok ? "ok" : "error", database, storage, build: getBuildInfo(), ms: Math.round(performance.now() - started) },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
