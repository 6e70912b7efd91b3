import { Alert, Badge, Button, Table } from "react-bootstrap";
import { Form } from "react-router";
import { formatBytes } from "~/lib/format";
import { requireAdminPage } from "~/server/auth/guards.server";
import { listKeptBackups, readLastBackup, readSkippedBackup } from "~/server/backup/backup-runs.server";
import { getEnv } from "~/server/env.server";
import type { Route } from "./+types/backups";

export function meta() {
  return [{ title: "Backups" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const { dataDir, backup } = getEnv();
  const last = await readLastBackup(dataDir);
  const skipped = await readSkippedBackup(dataDir);
  return {
    // Shown until a later backup has been made.
    skipped: skipped && (!last || skipped.at > last.startedAt) ? skipped : null,
    last: last && {
      finishedAt: last.finishedAt,
      outcome: last.outcome,
      size: last.size ?? null,
      file: last.file ?? null,
      counts: last.counts ?? null,
      error: last.error ?? null,
      trigger: last.trigger,
    },
    kept: await listKeptBackups(dataDir),
    schedule: backup.schedule && `${String(backup.schedule.hour).padStart(2, "0")}:${String(backup.schedule.minute).padStart(2, "0")}`,
    keep: backup.keep,
    busy: new URL(request.url).searchParams.has("busy"),
    // The schedule runs on the server's clock (TZ): its times are shown on that clock too, wherever the browser is.
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

export default function Backups({ loaderData }: Route.ComponentProps) {
  const { last, skipped, kept, schedule, keep, busy, timeZone } = loaderData;
  const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone });
  return (
    <>
      <h1 className="h2">Backups</h1>
      {skipped && (
        <Alert variant="warning" className="mt-3">
          The daily backup due <time dateTime={skipped.at}>{when.format(new Date(skipped.at))}</time> ({timeZone} time) was skipped:{" "}
          {skipped.reason} The next one runs as planned; download a fresh backup below if you want one now.
        </Alert>
      )}
      <section aria-labelledby="last-backup-heading" className="mt-3">
        <h2 id="last-backup-heading" className="h5">
          Last backup
        </h2>
        {!last ? (
          <p>No backup has been made on this server yet.</p>
        ) : (
          <dl className="row mb-0">
            <dt className="col-sm-3">When</dt>
            <dd className="col-sm-9">
              <time dateTime={last.finishedAt}>{when.format(new Date(last.finishedAt))}</time>, {timeZone} time (
              {last.trigger === "schedule" ? "the daily backup" : "made with npm run backup"})
            </dd>
            <dt className="col-sm-3">Outcome</dt>
            <dd className="col-sm-9">
              {last.outcome === "ok" ? <Badge bg="success">Completed</Badge> : <Badge bg="danger">Failed</Badge>}
              {last.error && <span className="ms-2">{last.error}</span>}
            </dd>
            {last.size !== null && (
              <>
                <dt className="col-sm-3">Size</dt>
                <dd className="col-sm-9">{formatBytes(last.size)}</dd>
              </>
            )}
            {last.counts && (
              <>
                <dt className="col-sm-3">Contents</dt>
                <dd className="col-sm-9">
                  {last.counts.rows} database rows, {last.counts.files} stored files
                  {last.counts.jobs > 0 ? `, ${last.counts.jobs} photos still being processed` : ""}
                </dd>
              </>
            )}
            {last.file && (
              <>
                <dt className="col-sm-3">File</dt>
                <dd className="col-sm-9 text-break">
                  <code>{last.file}</code>
                </dd>
              </>
            )}
          </dl>
        )}
        <p className="text-body-secondary mt-2">
          {schedule
            ? `A backup is written every day at ${schedule} (the server's time, ${timeZone}) into the backups folder of the data folder; the newest ${keep} are kept.`
            : "Daily backups are switched off (BACKUP_SCHEDULE=off)."}{" "}
          Keep copies somewhere other than this server too: a backup on the same disk is lost with the disk.
        </p>
      </section>

      <section aria-labelledby="download-heading" className="mt-4">
        <h2 id="download-heading" className="h5">
          Download a fresh backup
        </h2>
        {busy && (
          <Alert variant="warning" role="status">
            A backup is being made right now. Try again when it has finished.
          </Alert>
        )}
        <p>
          Makes a backup of everything now (accounts, galleries, photos, visitor counts) and sends it straight to your
          browser as one file; nothing extra is kept on the server. With many photos it takes a few minutes.
        </p>
        {/* A native post: the browser saves the answer as a file and the page stays as it is. */}
        <Form method="post" action="/manage/backups/download" reloadDocument>
          <Button type="submit" variant="primary">
            Download a fresh backup
          </Button>
        </Form>
      </section>

      {kept.length > 0 && (
        <section aria-labelledby="kept-heading" className="mt-4">
          <h2 id="kept-heading" className="h5">
            Backups kept on the server
          </h2>
          <Table size="sm" responsive className="w-auto">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Written ({timeZone})</th>
                <th scope="col">Size</th>
              </tr>
            </thead>
            <tbody>
              {kept.map((backup) => (
                <tr key={backup.name}>
                  <td>
                    <a href={`/manage/backups/files/${backup.name}`} download>
                      {backup.name}
                    </a>
                  </td>
                  <td>{when.format(new Date(backup.modifiedAt))}</td>
                  <td>{formatBytes(backup.size)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
      )}

      <p className="text-body-secondary mt-4">
        To put a backup back, or to move the site to PostgreSQL and S3 storage, run <code>npm run restore -- FILE</code> on the
        server with the site stopped; the deploy notes (docs/deploy.md) go through it step by step.
      </p>
    </>
  );
}
