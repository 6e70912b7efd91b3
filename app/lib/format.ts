/** "a, b and c": a list for a sentence or a heading. */
export function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** A size for people: "812 B", "4.2 MB", "1.3 GB" (powers of 1024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** Each word's first letter in capitals, as category names are shown: "kitchen refits" → "Kitchen Refits". */
export function capitalise(text: string): string {
  return text.replace(/(^|\s)\p{L}/gu, (m) => m.toUpperCase());
}
