import type { ReactNode } from "react";
import { Form } from "react-bootstrap";

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows: number;
  maxLength: number;
  /** Sent with the form under this name; left out when the value is sent some other way. */
  name?: string;
  disabled?: boolean;
  /** Shown under the field, which is then marked invalid. */
  error?: string | null;
  className?: string;
  /** A hint under the field. */
  children?: ReactNode;
};

/** A labelled, length-limited text area with its error message: the title and caption fields of the admin pages. */
export function TextAreaField({ id, label, value, onChange, rows, maxLength, name, disabled, error, className = "mb-2", children }: Props) {
  return (
    <Form.Group controlId={id} className={className}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        as="textarea"
        rows={rows}
        name={name}
        value={value}
        maxLength={maxLength}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        isInvalid={Boolean(error)}
      />
      <Form.Control.Feedback type="invalid">{error || null}</Form.Control.Feedback>
      {children}
    </Form.Group>
  );
}
