import { requireAdmin } from "~/server/auth/guards.server";
import { openKeptBackup } from "~/server/backup/backup-runs.server";
import { getEnv } from "~/server/env.server";
import { toResponseBody } from "~/server/storage/response-body.server";
import type { Route } from "./+types/backup-file";

/** GET /manage/backups/files/{name}: one of the backups kept in DATA_DIR/backups, for admins to copy elsewhere. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const kept = await openKeptBackup(getEnv().dataDir, params.name);
  if (!kept) throw new Response("Not found", { status: 404 });
  return new Response(toResponseBody(request, kept), {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(kept.size),
      "Content-Disposition": `attachment; filename="site-${params.name}"`,
      "Cache-Control": "no-store",
    },
  });
}
