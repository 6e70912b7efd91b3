import { Button, type ButtonProps, Form } from "react-bootstrap";
import { LIMITS } from "~/lib/schemas/gallery";

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  submitLabel: string;
  /** The form is being sent: the button waits. */
  busy: boolean;
  variant?: ButtonProps["variant"];
  placeholder?: string;
  error?: string;
  className?: string;
  "data-testid"?: string;
};

/** A category name posted as "name", with the button that sends it (enabled once something is typed). */
export function CategoryNameField({ id, label, value, onChange, submitLabel, busy, variant, placeholder, error, className, ...rest }: Props) {
  const errorId = `${id}-error`;
  return (
    <>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <div className="d-flex gap-2">
        <Form.Control
          id={id}
          name="name"
          value={value}
          maxLength={LIMITS.categoryName}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
          className={className}
          isInvalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          data-testid={rest["data-testid"]}
        />
        <Button type="submit" variant={variant} disabled={!value.trim() || busy}>
          {submitLabel}
        </Button>
      </div>
      {error ? (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </>
  );
}
