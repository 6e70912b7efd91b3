import type { Business } from "../site-config";

/** The optional pages the owner can switch off in the business details, by address. */
const OPTIONAL_PAGES = [
  { path: "/webdev", shown: (business: Pick<Business, "showWebdev">) => business.showWebdev },
  { path: "/ha", shown: (business: Pick<Business, "showHomeAutomation">) => business.showHomeAutomation },
] as const;

/** Whether a page of this site is switched on (every page but the optional ones always is). */
export function isPageShown(business: Pick<Business, "showWebdev" | "showHomeAutomation">, path: string): boolean {
  const optional = OPTIONAL_PAGES.find((page) => path === page.path || path.startsWith(`${page.path}#`) || path.startsWith(`${page.path}?`));
  return optional ? optional.shown(business) : true;
}
