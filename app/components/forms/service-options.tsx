/** A service as a choice in a form: its id is sent, its name shown. */
export type ServiceChoice = { id: string; name: string };

/** The `<option>`s of a service select, one per service, after whatever first option the select has. */
export function ServiceOptions({ services }: { services: ServiceChoice[] }) {
  return services.map((service) => (
    <option key={service.id} value={service.id}>
      {service.name}
    </option>
  ));
}

/** A labelled, required service select with nothing chosen at first: the admin's review forms. */
export function ServiceSelect({ id, label, services }: { id: string; label: string; services: ServiceChoice[] }) {
  return (
    <>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name="service" className="form-select" required defaultValue="">
        <option value="" disabled>
          Choose…
        </option>
        <ServiceOptions services={services} />
      </select>
    </>
  );
}
