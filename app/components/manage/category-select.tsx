import { Form } from "react-bootstrap";
import type { ManagedCategory } from "~/lib/manage-galleries";

type Props = {
  id: string;
  label: string;
  categories: ManagedCategory[];
  value: string | number;
  onChange: (id: string) => void;
  /** Posted with the form under this name; left out when choosing only changes the page. */
  name?: string;
  className?: string;
};

/** A labelled choice of one category. */
export function CategorySelect({ id, label, categories, value, onChange, name, className }: Props) {
  return (
    <Form.Group controlId={id} className={className}>
      <Form.Label>{label}</Form.Label>
      <Form.Select name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
