import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { type Kysely, sql } from "kysely";
import { listAppliedMigrations } from "../db/migrate.server";
import { type TableLayout, isPostgres, readBackupLayout } from "./database-layout.server";
import { rowToLine } from "./row-values.server";

export type ExportedTable = { name: string; rows: number; entry: string; file: string; size: number; sha256: string };
export type DatabaseExport = { migrations: string[]; tables: ExportedTable[] };

const PAGE_ROWS = 1000;

/**
 * Writes every backed-up table to `directory` as JSON lines, all read inside one read-only transaction, so the
 * export is one moment of the database even while the site keeps writing (SQLite's WAL and PostgreSQL's
 * repeatable-read snapshot let the site write meanwhile).
 */
export async function exportDatabase(
  db: Kysely<any>,
  directory: string,
  onTable: (table: ExportedTable) => void | Promise<void> = () => {},
): Promise<DatabaseExport> {
  const postgres = isPostgres(db);
  const transaction = postgres ? db.transaction().setIsolationLevel("repeatable read").setAccessMode("read only") : db.transaction();
  return transaction.execute(async (trx) => {
    const migrations = await listAppliedMigrations(trx);
    if (migrations.length === 0) throw new Error("The database has no tables yet: there is nothing to back up.");
    const tables: ExportedTable[] = [];
    for (const layout of await readBackupLayout(trx)) {
      const table = await exportTable(trx, layout, directory);
      tables.push(table);
      await onTable(table);
    }
    return { migrations, tables };
  });
}

async function exportTable(db: Kysely<any>, layout: TableLayout, directory: string): Promise<ExportedTable> {
  const entry = `db/${layout.name}.jsonl`;
  const file = path.join(directory, `${layout.name}.jsonl`);
  const out = createWriteStream(file);
  const hash = createHash("sha256");
  let size = 0;
  let rows = 0;
  // Paging in primary-key order inside the snapshot: every row once, however large the table.
  const order = layout.primaryKey.length > 0 ? layout.primaryKey : layout.columns.map((column) => column.name);
  try {
    for (let offset = 0; ; offset += PAGE_ROWS) {
      let query = db.selectFrom(layout.name).selectAll();
      for (const column of order) query = query.orderBy(sql.ref(column));
      const page = await query.limit(PAGE_ROWS).offset(offset).execute();
      for (const row of page) {
        const line = Buffer.from(`${rowToLine(row)}\n`);
        hash.update(line);
        size += line.length;
        rows += 1;
        if (!out.write(line)) await once(out, "drain");
      }
      if (page.length < PAGE_ROWS) break;
    }
  } finally {
    out.end();
    await once(out, "close");
  }
  return { name: layout.name, rows, entry, file, size, sha256: hash.digest("hex") };
}
