import { Readable } from "node:stream";
import { redirect } from "react-router";
import { requireAdmin } from "~/server/auth/guards.server";
import { getBackupSource } from "~/server/backup/backup-source.server";
import { BackupBusyError, backupFileName, openBackupStream } from "~/server/backup/backup-runs.server";
import { logger } from "~/server/logger.server";
import type { Route } from "./+types/backup-download";

/**
 * POST /manage/backups/download: a fresh backup streamed to an admin as it is made (never built in memory or on
 * disk first). One backup at a time: while another runs, the admin is sent back to the page with a message.
 */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  let stream: Readable;
  try {
    stream = await openBackupStream(await getBackupSource(), (error) => logger.error({ err: error }, "backup download failed"), request.signal);
  } catch (error) {
    if (error instanceof BackupBusyError) throw redirect("/manage/backups?busy=1");
    throw error;
  }
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="site-${backupFileName()}"`,
      "Cache-Control": "no-store",
    },
  });
}
