/**
 * Sort keys for the owner's order of photos and categories: text that sorts the right way compared byte by byte
 * (digits and lower-case letters only, so a database's collation cannot reorder them), read as a base-36 fraction.
 * A new key always fits between two others, so moving an item writes that item's row alone, however long the
 * list. No key ends in "0", which is what guarantees the room.
 */
const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";
const BASE = DIGITS.length;

/** The key of the first item of an empty list: fixed width, leaving room before it. */
export const FIRST_POSITION = "a00001";

const digit = (key: string, i: number) => DIGITS.indexOf(key[i] as string);

/**
 * The key after `last` for an item added at the end (an upload, a new category): the next number of the same
 * width, so a list of a million additions keeps six-character keys. The last digit runs 1..z, never 0.
 */
export function positionAfter(last: string | null | undefined): string {
  if (!last) return FIRST_POSITION;
  let tail = "";
  for (let i = last.length - 1; i >= 0; i--) {
    const d = digit(last, i);
    if (d < BASE - 1) return last.slice(0, i) + DIGITS[d + 1] + tail;
    tail = (i === last.length - 1 ? "1" : "0") + tail;
  }
  return last + "1";
}

/** The midpoint of two fractions written as keys; b null means 1. */
function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    let n = 0;
    while ((a[n] ?? "0") === b[n]) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const low = a ? digit(a, 0) : 0;
  const high = b !== null ? digit(b, 0) : BASE;
  if (high - low > 1) return DIGITS[Math.round((low + high) / 2)] as string;
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return (DIGITS[low] as string) + midpoint(a.slice(1), null);
}

/**
 * A key strictly between `before` and `after` (either may be absent: the start or the end of the list), or null
 * when there is none: the two are equal (two uploads that landed at the same moment) and the list needs renumbering.
 */
export function positionBetween(before: string | null | undefined, after: string | null | undefined): string | null {
  const a = before ?? "";
  if (after === null || after === undefined) return a === "" ? FIRST_POSITION : positionAfter(a);
  if (a >= after || /0$/.test(after) || /0$/.test(a)) return null;
  return midpoint(a, after);
}

/** Fresh keys for a whole list, in order: used once when ties make a move impossible. */
export function renumberedPositions(count: number): string[] {
  const keys: string[] = [];
  let key: string | null = null;
  for (let i = 0; i < count; i++) keys.push((key = positionAfter(key)));
  return keys;
}
