/**
 * A unique index refused the write: PostgreSQL's 23505, SQLite's SQLITE_CONSTRAINT_UNIQUE. Two requests that both
 * checked a name was free before writing end here, and the loser gets the same answer as if its check had seen
 * the other's row.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
