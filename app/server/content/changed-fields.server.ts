/** Which parts of a document differ between two of its states: top-level fields, or list entries by their id. */
export function changedFields(before: unknown, after: unknown): string[] {
  if (Array.isArray(before) && Array.isArray(after)) return changedEntries(before, after);
  if (isRecord(before) && isRecord(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].filter((key) => !sameJson(before[key], after[key]));
  }
  return sameJson(before, after) ? [] : ["(all)"];
}

function changedEntries(before: unknown[], after: unknown[]): string[] {
  const name = (entry: unknown, index: number) => (isRecord(entry) && typeof entry.id === "string" ? entry.id : `#${index + 1}`);
  const old = new Map(before.map((entry, index) => [name(entry, index), entry]));
  const changes: string[] = [];
  after.forEach((entry, index) => {
    const id = name(entry, index);
    if (!old.has(id)) changes.push(`${id} (added)`);
    else if (!sameJson(old.get(id), entry)) changes.push(id);
    old.delete(id);
  });
  for (const id of old.keys()) changes.push(`${id} (removed)`);
  const order = (list: unknown[]) => list.map(name).join("\n");
  if (changes.length === 0 && order(before) !== order(after)) changes.push("order");
  return changes;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
