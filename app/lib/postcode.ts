/**
 * UK postcodes, read leniently: any case, spaces anywhere or none, a full postcode (PE1 1AA) or only its outward
 * part (PE1), which some people prefer to give before they have a price. Returns the normalised form, or null.
 */
const FULL = /^([A-Z]{1,2}[0-9][A-Z0-9]?)([0-9][A-Z]{2})$/;
const OUTWARD = /^[A-Z]{1,2}[0-9][A-Z0-9]?$/;

export function parseUkPostcode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (compact.length < 2 || compact.length > 7) return null;
  const full = FULL.exec(compact);
  if (full) return `${full[1]} ${full[2]}`;
  if (OUTWARD.test(compact)) return compact;
  return null;
}
