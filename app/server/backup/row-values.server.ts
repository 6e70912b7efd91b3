/**
 * Rows travel in the archive as JSON, whichever database wrote them: timestamps as ISO text, bytes as base64.
 * Each database's own habits (SQLite's 0/1 booleans, PostgreSQL's Date objects and bigint strings) are undone
 * on the way in, by the type of the column they go into.
 */
type Bytes = { $bytes: string };

const isBytes = (value: unknown): value is Bytes =>
  typeof value === "object" && value !== null && typeof (value as Bytes).$bytes === "string" && Object.keys(value).length === 1;

/** One row as a line of the archive. */
export function rowToLine(row: Record<string, unknown>): string {
  return JSON.stringify(row, (_key, value: unknown) => {
    if (typeof value === "bigint") return value.toString();
    // JSON.stringify has already turned a Buffer into { type: "Buffer", data: [...] } by the time a replacer sees it.
    if (typeof value === "object" && value !== null && (value as { type?: string }).type === "Buffer" && Array.isArray((value as { data?: unknown }).data)) {
      return { $bytes: Buffer.from((value as { data: number[] }).data).toString("base64") } satisfies Bytes;
    }
    return value;
  });
}

/** A value from the archive made ready for a column of the given declared type. */
export function toColumnValue(value: unknown, type: string, postgres: boolean): unknown {
  if (value === null || value === undefined) return null;
  if (isBytes(value)) return Buffer.from(value.$bytes, "base64");
  if (postgres) {
    if (type === "boolean") return value === true || value === 1 || value === "1" || value === "true" || value === "t";
    if ((type.startsWith("timestamp") || type === "date") && typeof value === "number") return new Date(value);
    if (typeof value === "object") return JSON.stringify(value);
    return value;
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "object") return JSON.stringify(value);
  return value;
}
