import type { FieldError } from "~/lib/content/editor-form";
import { fieldId } from "~/lib/content/editor-fields";
import type { ConflictView } from "./use-content-autosave";

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/London" });
const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : "");

type Props = {
  loaderData: { done: string | null; demo: boolean; hasDraft: boolean; draftSavedAt: string | null; draftSavedBy: string | null; publishedAt: string | null; publishedBy: string | null };
  errors: FieldError[];
  conflict: ConflictView | null;
  /** The editor's autosave (use-content-autosave): its conflict, and the draft it kept on the device. */
  autosave: { conflict: unknown; keepMine: () => void; kept: { at: number } | null; restoreKept: () => void; dropKept: () => void };
  /** Where the other admin's version can be opened afresh: "the Content list", "the Projects list". */
  listName?: string;
};

/** What the editor says above the form: the document's state, what just happened, and anything needing a decision. */
export function EditorNotices({ loaderData, errors, conflict, autosave, listName = "the Content list" }: Props) {
  const { done, demo, hasDraft } = loaderData;
  const { keepMine: onKeepMine, kept, restoreKept: onRestoreKept, dropKept: onDropKept } = autosave;
  const conflictFromAutosave = autosave.conflict !== null;
  return (
    <>
      <p className="text-body-secondary small mb-2" data-testid="document-state">
        {loaderData.publishedBy ? `Published ${at(loaderData.publishedAt)} by ${loaderData.publishedBy}.` : "Not published by you yet."}{" "}
        {hasDraft ? `Draft saved ${at(loaderData.draftSavedAt)} by ${loaderData.draftSavedBy ?? "someone"}: not live until you publish it.` : "No draft: this is what the site shows."}
      </p>
      {demo ? (
        <p className="alert alert-info" data-testid="demo-content">
          <strong>Demo content.</strong> These texts came with the site as an example. Replace them with your own, then press Publish.
        </p>
      ) : null}
      {done ? (
        <p className="alert alert-success" role="status">
          {done}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <div className="alert alert-danger" role="alert" data-testid="form-errors">
          <h2 className="h5">Not saved: {errors.length === 1 ? "one field needs" : `${errors.length} fields need`} a change</h2>
          <p className="mb-1">Nothing on the site has changed, and everything you typed is still in the form.</p>
          <ul className="mb-0">
            {errors.map((error) => (
              <li key={error.path}>
                <a href={`#${fieldId(error.path)}`}>
                  {error.label}: {error.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {conflict ? (
        <div className="alert alert-warning" role="alert" data-testid="conflict">
          <h2 className="h5">{conflict.by ?? "Someone else"} saved this page while you were editing</h2>
          <p>
            Their version was saved {at(conflict.at)}. Nothing was overwritten: your version is still in the form below. Where the two differ:
          </p>
          <dl className="content-conflict">
            {conflict.fields.map((field) => (
              <div key={field.label}>
                <dt>{field.label}</dt>
                <dd>
                  <span className="fw-semibold">Theirs:</span> <span className="content-conflict-value">{field.theirs}</span>
                </dd>
                <dd>
                  <span className="fw-semibold">Yours:</span> <span className="content-conflict-value">{field.mine}</span>
                </dd>
              </div>
            ))}
          </dl>
          <p className="mb-0">
            To keep yours, press {conflictFromAutosave ? "“Keep my version”" : "Save draft"}. To take theirs instead, open this page again
            from {listName}.
          </p>
          {conflictFromAutosave ? (
            <button type="button" className="btn btn-warning mt-2" onClick={onKeepMine}>
              Keep my version
            </button>
          ) : null}
        </div>
      ) : null}
      {kept ? (
        <div className="alert alert-warning" role="alert" data-testid="kept-draft">
          <p>Changes you made on this device at {when.format(new Date(kept.at))} were not saved (the connection was lost).</p>
          <button type="button" className="btn btn-primary me-2" onClick={onRestoreKept}>
            Put them back
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={onDropKept}>
            Forget them
          </button>
        </div>
      ) : null}
    </>
  );
}
