import { sql } from "kysely";
import { getDb } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";

/** For load balancers and uptime checks: 200 when the database answers, 503 when it does not. */
export async function loader() {
  const started = performance.now();
  try {
    await sql`select 1`.execute(getDb());
    return Response.json(
      { status: "ok", database: "ok", ms: Math.round(performance.now() - started) },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    logger.error({ err: error }, "health check: database unavailable");
    return Response.json({ status: "error", database: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
