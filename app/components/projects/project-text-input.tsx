type TextInputProps = { name: string; label: string; value: string; max: number; error?: string; hint?: string; type?: string; inputMode?: "numeric" };

/** One of the project editor's text fields, with its hint and error tied to it for screen readers. */
export function ProjectTextInput({ name, label, value, max, error, hint, type = "text", inputMode }: TextInputProps) {
  const id = `project-${name}`;
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        maxLength={max * 2}
        className={`form-control${error ? " is-invalid" : ""}`}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        autoComplete="off"
      />
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
      <ProjectFieldError name={name} error={error} />
    </div>
  );
}

export function ProjectFieldError({ name, error }: { name: string; error?: string }) {
  return error ? (
    <div id={`project-${name}-error`} className="invalid-feedback d-block">
      {error}
    </div>
  ) : null;
}
