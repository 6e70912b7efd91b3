import { useId, useState } from "react";
import { Button, Form, InputGroup } from "react-bootstrap";
import { useHydrated } from "~/components/use-hydrated";

type Props = {
  name: string;
  label: string;
  error?: string;
  autoComplete: "current-password" | "new-password";
  required?: boolean;
};

/**
 * A password input with a Show/Hide toggle and its error underneath. The toggle needs script: it stays disabled
 * until the page is hydrated (the field itself works without it).
 */
export function PasswordField({ name, label, error, autoComplete, required = true }: Props) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          type={visible ? "text" : "password"}
          name={name}
          autoComplete={autoComplete}
          required={required}
          isInvalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <Button
          variant="outline-secondary"
          onClick={() => setVisible((v) => !v)}
          disabled={!hydrated}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
        >
          {visible ? "Hide" : "Show"}
        </Button>
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error}
        </Form.Control.Feedback>
      </InputGroup>
    </Form.Group>
  );
}
