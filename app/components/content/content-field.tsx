import { useState } from "react";
import type { FieldSpec } from "~/lib/content/editor-fields";
import { PRESENT } from "~/lib/content/editor-form";

export type PickablePhoto = { id: string; alt: string; src: string; srcSet?: string; width: number; height: number };

type Props = { spec: Exclude<FieldSpec, { kind: "group" | "object" }>; path: string; id: string; value: unknown; error?: string; photos: PickablePhoto[] };

const number = new Intl.NumberFormat("en-GB");

/** The text an input starts with for a value: a list one line each, paragraphs with an empty line between them. */
export function fieldText(spec: FieldSpec, value: unknown): string {
  if (Array.isArray(value)) return value.join(spec.kind === "paragraphs" ? "\n\n" : "\n");
  return value === undefined || value === null ? "" : String(value);
}

/** One field of the content editor: its label above, the input full width, its limit and any message below it. */
export function ContentField({ spec, path, id, value, error, photos }: Props) {
  const initial = fieldText(spec, value);
  const [text, setText] = useState(initial);
  const described = [`${id}-limit`, spec.hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  const invalid = error ? " is-invalid" : "";
  const common = { id, name: path, "aria-describedby": described, "aria-invalid": error ? true : undefined } as const;

  if (spec.kind === "checkbox") {
    return (
      <div className="form-check content-check mb-3">
        <input type="hidden" name={PRESENT(path)} value="1" />
        <input {...common} type="checkbox" className={`form-check-input${invalid}`} defaultChecked={value === true} value="on" />
        <label htmlFor={id} className="form-check-label">
          {spec.label}
        </label>
        <span id={`${id}-limit`} hidden />
        <FieldMessages id={id} hint={spec.hint} error={error} />
      </div>
    );
  }
  if (spec.kind === "photos") return <PhotoPicker spec={spec} path={path} id={id} value={value} error={error} photos={photos} />;

  const onChange = (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setText(event.currentTarget.value);
  let limit: React.ReactNode;
  let input: React.ReactNode;
  if (spec.kind === "lines") {
    const lines = text.split("\n").filter((line) => line.trim() !== "");
    const longest = Math.max(0, ...lines.map((line) => line.trim().length));
    limit = (
      <LimitText over={lines.length > spec.maxItems || longest > spec.maxItem}>
        {lines.length} of at most {spec.maxItems} lines, each at most {spec.maxItem} characters
      </LimitText>
    );
    input = <textarea {...common} className={`form-control${invalid}`} rows={Math.min(12, Math.max(3, lines.length + 1))} defaultValue={initial} onChange={onChange} />;
  } else if (spec.kind === "paragraphs" || spec.kind === "textarea") {
    const longest = spec.kind === "paragraphs" ? Math.max(0, ...text.split(/\n[ \t]*\n/).map((p) => p.trim().length)) : text.trim().length;
    limit = (
      <LimitText over={longest > spec.max}>
        {spec.kind === "paragraphs" ? `At most ${number.format(spec.max)} characters a paragraph` : `${number.format(text.trim().length)} of at most ${number.format(spec.max)} characters`}
        {longest > spec.max ? ` (${number.format(longest - spec.max)} too many)` : ""}
      </LimitText>
    );
    input = <textarea {...common} className={`form-control${invalid}`} rows={spec.rows ?? 5} defaultValue={initial} onChange={onChange} />;
  } else if (spec.kind === "number") {
    limit = <LimitText over={false}>A number from {spec.min} to {spec.max}</LimitText>;
    input = <input {...common} type="text" inputMode="numeric" className={`form-control${invalid}`} defaultValue={initial} onChange={onChange} />;
  } else {
    const length = text.trim().length;
    limit = (
      <LimitText over={length > spec.max} warn={spec.advice !== undefined && length > spec.advice}>
        {number.format(length)} of at most {number.format(spec.max)} characters
        {length > spec.max ? ` (${number.format(length - spec.max)} too many)` : spec.advice !== undefined && length > spec.advice ? `: search results show about ${spec.advice}` : ""}
      </LimitText>
    );
    input = (
      <input
        {...common}
        type={spec.kind}
        inputMode={spec.kind === "tel" ? "tel" : spec.kind === "email" ? "email" : spec.kind === "url" ? "url" : undefined}
        autoComplete={spec.autoComplete ?? "off"}
        className={`form-control${invalid}`}
        defaultValue={initial}
        onChange={onChange}
      />
    );
  }
  return (
    <div className="mb-3 content-field">
      <label htmlFor={id} className="form-label">
        {spec.label}
      </label>
      {input}
      <div id={`${id}-limit`} className="form-text">
        {limit}
      </div>
      <FieldMessages id={id} hint={spec.hint} error={error} />
    </div>
  );
}

function LimitText({ over, warn = false, children }: { over: boolean; warn?: boolean; children: React.ReactNode }) {
  return <span className={over ? "text-danger fw-semibold" : warn ? "content-advice fw-semibold" : undefined}>{children}</span>;
}

function FieldMessages({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </>
  );
}

/**
 * Photos already uploaded to the galleries, to pick from (no upload here): radio buttons for one, boxes for two.
 * Also used by the project editor (routes/admin/project-edit.tsx), which names the "none" choice itself.
 */
export function PhotoPicker({ spec, path, id, value, error, photos, noneLabel = "None (the illustration)" }: Omit<Props, "spec"> & { spec: Extract<FieldSpec, { kind: "photos" }>; noneLabel?: string }) {
  const chosen = new Set((Array.isArray(value) ? value : value ? [value] : []).map(String));
  const single = spec.maxItems === 1;
  return (
    <fieldset className="mb-3 content-field" aria-describedby={`${id}-limit${spec.hint ? ` ${id}-hint` : ""}${error ? ` ${id}-error` : ""}`}>
      <legend className="form-label fs-6">{spec.label}</legend>
      <input type="hidden" name={PRESENT(path)} value="1" />
      <details className="photo-pick" open={chosen.size > 0 || Boolean(error)}>
        <summary className="btn btn-outline-secondary">{chosen.size === 0 ? "Choose photos" : `${chosen.size} chosen: change`}</summary>
        <ul className="photo-pick-list list-unstyled mt-2">
          {single ? (
            <li>
              <label className="photo-pick-option">
                <input type="radio" name={path} value="" defaultChecked={chosen.size === 0} className="form-check-input" /> {noneLabel}
              </label>
            </li>
          ) : null}
          {photos.map((photo) => (
            <li key={photo.id}>
              <label className="photo-pick-option">
                <input type={single ? "radio" : "checkbox"} name={path} value={photo.id} defaultChecked={chosen.has(photo.id)} className="form-check-input" />
                <img src={photo.src} srcSet={photo.srcSet} sizes="96px" width={96} height={Math.round((96 * photo.height) / photo.width)} alt={photo.alt} loading="lazy" />
              </label>
            </li>
          ))}
        </ul>
        {photos.length === 0 ? <p className="form-text">No photos uploaded yet: add some under Galleries first.</p> : null}
      </details>
      <div id={`${id}-limit`} className="form-text">
        {single ? "One photo, or none" : `At most ${spec.maxItems} photos`}
      </div>
      <FieldMessages id={id} hint={spec.hint} error={error} />
    </fieldset>
  );
}
