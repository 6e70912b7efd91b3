import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { readBackupLayout } from "~/server/backup/database-layout.server";
import type { Storage } from "~/server/storage/storage-contract.server";
import { readAll } from "~/server/storage/read-all.server";

// PostgreSQL returns bigint as text; digits-only text becomes a number on both sides alike.
const comparable = (value: unknown) =>
  typeof value === "boolean" ? Number(value) : value instanceof Date ? value.toISOString() : typeof value === "string" && /^-?\d{1,15}$/.test(value) ? Number(value) : value;

/**
 * Every backed-up row of a database in a form that compares across SQLite and PostgreSQL: booleans as 0/1,
 * times as ISO text, big integers as numbers; each table's rows sorted by their JSON text.
 */
export async function readAllRows(db: Kysely<any>): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of await readBackupLayout(db)) {
    const rows = await db.selectFrom(table.name).selectAll().execute();
    tables[table.name] = rows
      .map((row) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(row)
              .toSorted(([a], [b]) => a.localeCompare(b))
              .map(([key, value]) => [key, comparable(value)]),
          ),
        ),
      )
      .toSorted();
  }
  return tables;
}

/** SHA-256 of every stored object, and of every master waiting in the job folder. */
export async function readAllChecksums(storage: Storage, jobDirectory: string): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for await (const key of storage.list("")) {
    const object = await storage.get(key);
    sums[`storage/${key}`] = createHash("sha256").update(await readAll(object!.body)).digest("hex");
  }
  for (const name of await readdir(jobDirectory).catch(() => [] as string[])) {
    sums[`jobs/${name}`] = createHash("sha256").update(await readFile(path.join(jobDirectory, name))).digest("hex");
  }
  return sums;
}

/** Runs one of the command-line scripts as `npm run backup` / `restore` runs it, in its own process (`as`: another user). */
export function runScript(
  script: "backup" | "restore",
  args: string[],
  env: Record<string, string>,
  as: { uid?: number; gid?: number } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "./scripts/support/resolve-app-imports.ts", `scripts/${script}.ts`, "--", ...args], {
      env: { ...process.env, DATABASE_URL: "", STORAGE_URL: "", LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
      ...as,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
