import type { ReactNode } from "react";
import { Form } from "react-router";
import { type ServiceChoice, ServiceOptions } from "~/components/forms/service-options";

type Props = {
  /** The page the filter reloads with ?service={id}; "All services" sends ?service= and shows everything. */
  action: string;
  /** The form's accessible name, such as "Filter projects". */
  label: string;
  /** The select's id, unique on the page. */
  id: string;
  services: ServiceChoice[];
  /** The service shown now, null for all. */
  selected: string | null;
  className?: string;
  /** After the button, such as a link back to everything. */
  children?: ReactNode;
};

/**
 * The "Service" select and "Show" button above a public list (projects, reviews). A form with method GET: without
 * JavaScript the browser loads the page with ?service={id} itself; with it, React Router does the same navigation.
 */
export function ServiceFilter({ action, label, id, services, selected, className = "mb-3", children }: Props) {
  return (
    <Form method="get" action={action} className={`d-flex flex-wrap gap-2 align-items-end ${className}`} aria-label={label}>
      <div>
        <label htmlFor={id} className="form-label mb-1">
          Service
        </label>
        {/* Keyed by the choice, so a link that changes it (back to everything) shows the new one after a navigation. */}
        <select key={selected ?? ""} id={id} name="service" className="form-select" defaultValue={selected ?? ""}>
          <option value="">All services</option>
          <ServiceOptions services={services} />
        </select>
      </div>
      <button type="submit" className="btn btn-outline-primary">
        Show
      </button>
      {children}
    </Form>
  );
}
