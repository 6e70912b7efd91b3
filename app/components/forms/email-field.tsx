import { Form } from "react-bootstrap";

type Props = {
  /** The input's id; its error message is `${id}-error`. */
  id: string;
  error?: string;
};

/** The e-mail address input of the sign-in and forgot-password forms, with its error underneath. */
export function EmailField({ id, error }: Props) {
  const errorId = `${id}-error`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>Email</Form.Label>
      <Form.Control
        type="email"
        name="email"
        autoComplete="email"
        required
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <Form.Control.Feedback type="invalid" id={errorId}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
