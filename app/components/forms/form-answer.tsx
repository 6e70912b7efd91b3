import { useEffect, useRef } from "react";

/** What an action answered a form with: a sentence saying it worked ("Notes saved.") or why it did not. */
export type FormAnswerValue = { ok: boolean; message?: string | null };

type Props = {
  answer: FormAnswerValue | null | undefined;
  /** Shown as a Bootstrap alert (a coloured box) rather than a line of coloured text. */
  boxed?: boolean;
  className?: string;
};

/**
 * The answer to a form, shown where the owner is looking: put it beside the button that posts (inside the form),
 * where the page stays after a post made with JavaScript. It is a status region that is always there, so screen
 * readers announce the words when they arrive, and it is scrolled into view if they land off screen (a phone's
 * keyboard, or a message at the top of a long page). Without JavaScript the page reloads at the top: give the
 * form an id and post it to `answerAnchor(id)` so the browser scrolls back to it.
 */
export function FormAnswer({ answer, boxed = false, className = "" }: Props) {
  const element = useRef<HTMLParagraphElement>(null);
  const message = answer?.message ?? "";
  // Only when the words change: a page that re-renders as the owner types must not jump back to them.
  useEffect(() => {
    if (message) element.current?.scrollIntoView({ block: "nearest" });
  }, [message]);
  const tone = !answer?.message ? "" : boxed ? `alert ${answer.ok ? "alert-success" : "alert-danger"}` : answer.ok ? "text-success" : "text-danger fw-semibold";
  return (
    <p ref={element} role="status" className={`form-answer mb-0 ${tone} ${className}`.trim()} data-testid="form-answer">
      {answer?.message}
    </p>
  );
}

/** A form's action that brings a page answered without JavaScript back to the form (the browser scrolls to it). */
export function answerAnchor(pathname: string, formId: string): string {
  return `${pathname}#${formId}`;
}
