import { joinWithAnd } from "../format";
import type { Business } from "../site-config";

/**
 * Business details that page texts and titles name by placeholder, so a fact is typed once: "{owner}, {trade} in
 * {locality}" reads "Mark Dawson, plasterer and builder in Peterborough" until the details change.
 */
export const PLACEHOLDERS = ["business", "shortName", "owner", "firstName", "trade", "locality", "region", "areas", "phone", "email"] as const;

type Placeholder = (typeof PLACEHOLDERS)[number];

function placeholderValues(business: Business): Record<Placeholder, string> {
  return {
    business: business.name,
    shortName: business.shortName,
    owner: business.owner,
    firstName: business.owner.split(/\s+/)[0] ?? business.owner,
    trade: business.trade,
    locality: business.locality,
    region: business.region,
    areas: joinWithAnd(business.areas),
    phone: business.phone,
    email: business.email,
  };
}

const PATTERN = new RegExp(`\\{(${PLACEHOLDERS.join("|")})\\}`, "g");

/** A text with its placeholders filled in; other braces are left as typed. */
export function fillText(text: string, business: Business): string {
  const values = placeholderValues(business);
  return text.replace(PATTERN, (_match, name: Placeholder) => values[name]);
}

/** A copy of any JSON value with every string's placeholders filled in. */
export function fillPlaceholders<T>(value: T, business: Business): T {
  const values = placeholderValues(business);
  const walk = (item: unknown): unknown => {
    if (typeof item === "string") return item.replace(PATTERN, (_match, name: Placeholder) => values[name]);
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === "object") return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, walk(inner)]));
    return item;
  };
  return walk(value) as T;
}
