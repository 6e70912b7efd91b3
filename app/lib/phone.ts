/** Country calling codes of the countries a business here may be in; others type the number with its + prefix. */
const CALLING_CODES: Record<string, string> = { GB: "44", IE: "353", US: "1", CA: "1", AU: "61", NZ: "64", DE: "49", FR: "33", ES: "34", NL: "31" };

/**
 * A phone number as people write it ("07700 900123", "+44 (0)7700 900-123", "0044 7700 900123") in international
 * form ("+447700900123") for tel: links and structured data, or null when it is not a phone number.
 */
export function toInternationalPhone(typed: string, country: string): string | null {
  let digits = typed.trim().replace(/\(0\)/g, "").replace(/[\s().-]/g, "");
  if (!/^\+?\d+$/.test(digits)) return null;
  if (digits.startsWith("00")) digits = `+${digits.slice(2)}`;
  if (!digits.startsWith("+")) {
    const code = CALLING_CODES[country.toUpperCase()];
    if (!code || !digits.startsWith("0")) return null;
    digits = `+${code}${digits.slice(1)}`;
  }
  return /^\+[1-9]\d{6,14}$/.test(digits) ? digits : null;
}
