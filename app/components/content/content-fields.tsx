import { useState } from "react";
import { type FieldSpec, fieldId, joinPath } from "~/lib/content/editor-fields";
import { getAt } from "~/lib/content/editor-form";
import { fillText } from "~/lib/content/placeholders";
import type { Business } from "~/lib/site-config";
import { ContentField, type PickablePhoto } from "./content-field";
import { ContentGroup } from "./content-group";

export type FieldsContext = {
  errors: Record<string, string>;
  photos: PickablePhoto[];
  business: Business;
  /** The public address of what is being edited, for the search-result preview: "https://example.co.uk/services". */
  pageUrl: string;
};

type Props = { fields: FieldSpec[]; doc: unknown; prefix: string; context: FieldsContext };

/** The editor's fields for a document, or for one item of one of its lists, nested as the document is. */
export function ContentFields({ fields, doc, prefix, context }: Props) {
  const hasSearchTexts = fields.some((f) => f.name === "title") && fields.some((f) => f.name === "description");
  const body = fields.map((spec) => <FieldOrGroup key={spec.name} spec={spec} doc={doc} path={joinPath(prefix, spec.name)} context={context} />);
  if (!hasSearchTexts) return body;
  const anchor = typeof getAt(doc, joinPath(prefix, "id")) === "string" ? `#${String(getAt(doc, joinPath(prefix, "id")))}` : "";
  return (
    <SearchPreviewScope
      title={String(getAt(doc, joinPath(prefix, "title")) ?? "")}
      description={String(getAt(doc, joinPath(prefix, "description")) ?? "")}
      titleName={joinPath(prefix, "title")}
      descriptionName={joinPath(prefix, "description")}
      url={context.pageUrl + anchor}
      business={context.business}
    >
      {body}
    </SearchPreviewScope>
  );
}

function FieldOrGroup({ spec, doc, path, context }: { spec: FieldSpec; doc: unknown; path: string; context: FieldsContext }) {
  const id = fieldId(path);
  if (spec.kind === "object") {
    return (
      <fieldset className="content-object mb-3" id={id}>
        <legend className="fs-6 fw-semibold">{spec.label}</legend>
        <ContentFields fields={spec.fields} doc={doc} prefix={path} context={context} />
      </fieldset>
    );
  }
  if (spec.kind === "group") {
    return <ContentGroup spec={spec} doc={doc} path={path} error={context.errors[path]} renderFields={(shown, prefix) => <ContentFields fields={spec.fields} doc={shown} prefix={prefix} context={context} />} />;
  }
  return <ContentField spec={spec} path={path} id={id} value={getAt(doc, path)} error={context.errors[path]} photos={context.photos} />;
}

type ScopeProps = { title: string; description: string; titleName: string; descriptionName: string; url: string; business: Business; children: React.ReactNode };

/** Follows the title and description typed inside it, and shows them as a search result would. */
function SearchPreviewScope({ title, description, titleName, descriptionName, url, business, children }: ScopeProps) {
  const [texts, setTexts] = useState({ title, description });
  const onInput = (event: React.FormEvent<HTMLDivElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.name === titleName) setTexts((t) => ({ ...t, title: target.value }));
    if (target.name === descriptionName) setTexts((t) => ({ ...t, description: target.value }));
  };
  const shownDescription = fillText(texts.description, business);
  return (
    <div onInput={onInput}>
      {children}
      <figure className="search-preview mb-3">
        <figcaption className="form-text">How it may look in a search result</figcaption>
        <p className="search-preview-url mb-0">{url}</p>
        <p className="search-preview-title mb-0">{fillText(texts.title, business)}</p>
        <p className="search-preview-text mb-0">{shownDescription.length > 160 ? `${shownDescription.slice(0, 157)}...` : shownDescription}</p>
      </figure>
    </div>
  );
}
