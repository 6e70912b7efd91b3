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
