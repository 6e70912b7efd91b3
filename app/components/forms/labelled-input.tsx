import type { InputHTMLAttributes } from "react";

type Props = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  /** The column (or spacing) class of the wrapper: the admin's short forms lay their fields out in a Bootstrap row. */
  wrapperClassName: string;
};

/** A plain, server-posted text input with its label above it, for the admin's short forms (no state, works without JavaScript). */
export function LabelledInput({ id, label, wrapperClassName, className = "", ...input }: Props) {
  return (
    <div className={wrapperClassName}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className={`form-control ${className}`.trim()} {...input} />
    </div>
  );
}
