import { z } from "zod";

/**
 * An archive is a gzipped tar of: db/{table}.jsonl (one JSON row a line), storage/{key} (every stored object),
 * jobs/{file} (masters of images still being processed) and, last, manifest.json, which lists every other entry
 * with its size and SHA-256 and says which schema version the rows are in.
 */
export const MANIFEST_ENTRY = "manifest.json";
export const FORMAT = "tradesite-backup";

export const DB_PREFIX = "db/";
export const STORAGE_PREFIX = "storage/";
export const JOBS_PREFIX = "jobs/";

const EntrySchema = z.object({
  name: z.string().min(1).max(700),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const ManifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(1),
  createdAt: z.iso.datetime(),
  build: z.object({ version: z.string(), commit: z.string().nullable() }),
  source: z.object({ database: z.enum(["sqlite", "postgres"]), storage: z.enum(["local", "s3"]) }),
  /** Every migration the database had, oldest first: the rows are in the schema of the last one. */
  migrations: z.array(z.string().min(1)).min(1),
  /** In dependency order: parents before the tables that refer to them. */
  tables: z.array(z.object({ name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/), rows: z.number().int().nonnegative(), entry: z.string() })),
  entries: z.array(EntrySchema),
});

export type Manifest = z.infer<typeof ManifestSchema>;
export type ManifestEntry = z.infer<typeof EntrySchema>;

export type BackupCounts = { tables: number; rows: number; files: number; jobs: number; bytes: number };

export function countManifest(manifest: Manifest): BackupCounts {
  const sum = (prefix: string) => manifest.entries.filter((entry) => entry.name.startsWith(prefix));
  return {
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((total, table) => total + table.rows, 0),
    files: sum(STORAGE_PREFIX).length,
    jobs: sum(JOBS_PREFIX).length,
    bytes: manifest.entries.reduce((total, entry) => total + entry.size, 0),
  };
}
