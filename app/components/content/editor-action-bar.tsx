import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AutosaveStatus } from "./use-content-autosave";

type Props = { docKey: string; previewPath: string; hasDraft: boolean; status: AutosaveStatus };

const STATUS_TEXT: Record<AutosaveStatus["state"], string> = { idle: "", changed: "Changes not saved yet", saving: "Saving…", saved: "Saved", failed: "Not saved" };

/**
 * The content editor's buttons (EditorActions): every one a plain submit, so they all work without JavaScript.
 */
export function EditorActionBar({ docKey, previewPath, hasDraft, status }: Props) {
  return (
    <EditorActions
      status={status}
      historyHref={`/manage/content/${docKey}/history`}
      more={
        <>
          <button type="submit" name="intent" value="discard" className="btn btn-outline-danger" disabled={!hasDraft} formNoValidate>
            Discard draft
          </button>
          <button type="submit" name="intent" value="preview-widths" className="btn btn-outline-secondary" title="Saves the draft and shows it at phone and desktop widths">
            See at phone and desktop widths
          </button>
        </>
      }
    >
      <button type="submit" name="intent" value="save" className="btn btn-outline-primary">
        Save draft
      </button>
      <button type="submit" name="intent" value="preview" className="btn btn-outline-primary" title={`Saves the draft and shows ${previewPath} with it`}>
        Preview
      </button>
      <button type="submit" name="intent" value="publish" className="btn btn-primary">
        Publish
      </button>
    </EditorActions>
  );
}

type ActionsProps = { status: AutosaveStatus; historyHref: string; children: ReactNode; more?: ReactNode };

/**
 * An editor's action bar (the content editor's, the project editor's), kept at the bottom of the screen where a
 * thumb reaches it: the autosave's state ("Not saved: why") and the main buttons, in one short row so the form
 * keeps most of a phone's screen. The rarer buttons and History follow it at the end of the form, not kept on screen.
 */
export function EditorActions({ status, historyHref, children, more }: ActionsProps) {
  const text = status.state === "failed" ? `Not saved: ${status.message ?? "please try again."}` : STATUS_TEXT[status.state];
  return (
    <>
      <div className="content-actions">
        <p className={`content-save-status mb-1 small${status.state === "failed" ? " text-danger fw-semibold" : ""}`} role="status" aria-live="polite" data-testid="save-status">
          {text}
        </p>
        <div className="content-actions-main">{children}</div>
      </div>
      <div className="content-actions-more">
        {more}
        <Link to={historyHref} className="btn btn-outline-secondary">
          History
        </Link>
      </div>
    </>
  );
}
