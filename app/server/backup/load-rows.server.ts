import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { type Kysely, sql } from "kysely";
import { type TableLayout, isPostgres } from "./database-layout.server";
import { toColumnValue } from "./row-values.server";

/** Bound parameters per INSERT, well under SQLite's and PostgreSQL's limits. */
const MAX_PARAMETERS = 5000;

/**
 * Empties the tables (the migrations may have seeded rows) and loads the archive's rows, parents first, all in
 * one transaction (the caller's, when `db` is one): either every row is in or none is.
 */
export async function loadRows(
  db: Kysely<any>,
  layout: TableLayout[],
  tableFiles: Map<string, string>,
  onTable: (name: string, rows: number) => void = () => {},
): Promise<number> {
  const postgres = isPostgres(db);
  const load = async (trx: Kysely<any>) => {
    for (const table of layout.toReversed()) await trx.deleteFrom(table.name).execute();
    let total = 0;
    for (const table of layout) {
      const file = tableFiles.get(table.name);
      if (!file) continue;
      const types = new Map(table.columns.map((column) => [column.name, column.type]));
      const batchRows = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, table.columns.length)));
      let batch: Record<string, unknown>[] = [];
      let rows = 0;
      const flush = async () => {
        if (batch.length > 0) await trx.insertInto(table.name).values(batch).execute();
        batch = [];
      };
      for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
        if (line === "") continue;
        const source = JSON.parse(line) as Record<string, unknown>;
        const row: Record<string, unknown> = {};
        for (const [column, value] of Object.entries(source)) {
          const type = types.get(column);
          if (type === undefined) throw new Error(`The archive's table ${table.name} has a column ${column} this database lacks.`);
          row[column] = toColumnValue(value, type, postgres);
        }
        batch.push(row);
        rows += 1;
        if (batch.length >= batchRows) await flush();
      }
      await flush();
      total += rows;
      onTable(table.name, rows);
    }
    if (postgres) await resetSequences(trx);
    return total;
  };
  return db.isTransaction ? load(db) : db.transaction().execute(load);
}

/** Rows came with their ids, so each serial or identity column's sequence must continue after the largest. */
async function resetSequences(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ table: string; column: string }>`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = current_schema() and (column_default like 'nextval(%' or is_identity = 'YES')`.execute(db);
  for (const { table, column } of rows) {
    const quoted = `"${table.replaceAll('"', '""')}"`;
    await sql`select setval(pg_get_serial_sequence(${quoted}, ${column}), coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
  }
}
