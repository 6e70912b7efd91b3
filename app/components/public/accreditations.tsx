import type { Business } from "~/lib/site-config";

type Accreditation = Business["accreditations"][number];

/** The business's accreditations (scheme, membership number, a link to check it), as /contact and the home page show them. */
export function Accreditations({ items, className = "list-unstyled" }: { items: readonly Accreditation[]; className?: string }) {
  if (items.length === 0) return null;
  return (
    <ul className={className} data-testid="accreditations">
      {items.map((item) => (
        <li key={item.name}>
          {item.url ? (
            <a href={item.url} target="_blank" rel="noopener noreferrer">
              {item.name}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            item.name
          )}
          {item.number ? ` (member ${item.number})` : ""}
        </li>
      ))}
    </ul>
  );
}
