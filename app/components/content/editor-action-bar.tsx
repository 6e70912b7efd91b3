import { Link } from "react-router";
import type { AutosaveStatus } from "./use-content-autosave";

type Props = { docKey: string; previewPath: string; hasDraft: boolean; status: AutosaveStatus };

const STATUS_TEXT: Record<AutosaveStatus["state"], string> = { idle: "", changed: "Changes not saved yet", saving: "Saving…", saved: "Saved", failed: "Not saved" };

/**
 * The editor's buttons, kept at the bottom of the screen where a thumb reaches them, with the autosave's state
 * beside them. Every button is a plain submit: they all work without JavaScript.
 */
export function EditorActionBar({ docKey, previewPath, hasDraft, status }: Props) {
  const text = status.state === "failed" ? `Not saved: ${status.message ?? "please try again."}` : STATUS_TEXT[status.state];
  return (
    <div className="content-actions">
      <p className={`content-save-status mb-1 small${status.state === "failed" ? " text-danger fw-semibold" : ""}`} role="status" aria-live="polite" data-testid="save-status">
        {text}
      </p>
      <div className="content-actions-main">
        <button type="submit" name="intent" value="save" className="btn btn-outline-primary">
          Save draft
        </button>
        <button type="submit" name="intent" value="preview" className="btn btn-outline-primary" title={`Saves the draft and shows ${previewPath} with it`}>
          Preview
        </button>
        <button type="submit" name="intent" value="publish" className="btn btn-primary">
          Publish
        </button>
      </div>
      <div className="content-actions-more">
        <button type="submit" name="intent" value="discard" className="btn btn-outline-danger" disabled={!hasDraft} formNoValidate>
          Discard draft
        </button>
        <button type="submit" name="intent" value="preview-widths" className="btn btn-outline-secondary" title="Saves the draft and shows it at phone and desktop widths">
          See at phone and desktop widths
        </button>
        <Link to={`/manage/content/${docKey}/history`} className="btn btn-outline-secondary">
          History
        </Link>
      </div>
    </div>
  );
}
