import path from "node:path";
import type { Kysely } from "kysely";
import { createDb } from "../db/client.server";
import { migrateTo, migrateToLatest } from "../db/migrate.server";
import { noteContentChanged } from "../pages/page-freshness.server";
import type { Manifest } from "./backup-manifest.server";
import { isPostgres, readBackupLayout } from "./database-layout.server";
import { loadRows } from "./load-rows.server";
import { dropOwnTables } from "./target-state.server";

export type TableFiles = Map<string, string>;

/**
 * A restored site may be older than mail the old site sent after the backup was made: a row still pending in the
 * archive is not sent again (the customer would get it twice), but marked failed with the reason, where the enquiry
 * page shows it to the owner.
 */
export const HELD_MAIL_ERROR = "Not sent after the restore: it was waiting when the backup was made and may have gone out since. Send it by hand if it did not.";

/** Builds the archive's schema version in an empty database and loads the rows; returns the migrations run after. */
async function loadArchive(
  db: Kysely<any>,
  manifest: Manifest,
  tableFiles: TableFiles,
  onTable: (table: string, rows: number) => void,
): Promise<string[]> {
  await migrateTo(db, manifest.migrations.at(-1) as string);
  const layout = await readBackupLayout(db);
  const missing = manifest.tables.filter((table) => !layout.some((t) => t.name === table.name));
  if (missing.length > 0) throw new Error(`The archive has tables its schema version lacks: ${missing.map((t) => t.name).join(", ")}`);
  const byTable = new Map(manifest.tables.map((table) => [table.name, tableFiles.get(table.entry) as string]));
  await loadRows(db, layout, byTable, onTable);
  const migrated = await migrateToLatest(db);
  await db
    .updateTable("mailOutbox")
    .set({ status: "failed", lastError: HELD_MAIL_ERROR })
    .where("status", "=", "pending")
    .execute();
  return migrated;
}

/**
 * The whole database part of a restore, done first in a scratch SQLite file in `directory`, before the target is
 * touched: the archive's schema version is built, every row loaded, and the later migrations run over them. Throws
 * with the reason when any of it fails.
 */
export async function checkInScratch(manifest: Manifest, tableFiles: TableFiles, directory: string): Promise<void> {
  const scratch: Kysely<any> = createDb({ kind: "sqlite", file: path.join(directory, "check.db") });
  try {
    await loadArchive(scratch, manifest, tableFiles, () => {});
  } finally {
    await scratch.destroy();
  }
}

/**
 * Replaces the site's own tables in the target with the archive's. On PostgreSQL all of it is one transaction
 * (its schema changes are transactional): a failure leaves the old site as it was. SQLite's driver cannot run
 * migrations inside a transaction; there the scratch check above has already run every step on the same engine.
 */
export async function replaceDatabase(
  db: Kysely<any>,
  manifest: Manifest,
  tableFiles: TableFiles,
  onTable: (table: string, rows: number) => void,
): Promise<string[]> {
  const work = async (trx: Kysely<any>) => {
    await dropOwnTables(trx);
    const migrated = await loadArchive(trx, manifest, tableFiles, onTable);
    // A server already running on this database drops the pages it keeps rendered.
    await noteContentChanged(trx);
    return migrated;
  };
  return isPostgres(db) ? db.transaction().execute(work) : work(db);
}
