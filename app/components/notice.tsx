import { useState } from "react";
import type { Notice } from "~/lib/notices";

/**
 * A message in the page, as a Bootstrap alert: a heading and the text. Successes are announced politely,
 * warnings and errors at once.
 */
export function InlineNotice({ notice, children, className = "" }: { notice: Notice; children?: React.ReactNode; className?: string }) {
  return (
    <div className={`alert alert-${notice.tone} ${className}`} role={notice.tone === "success" ? "status" : "alert"}>
      <h2 className="alert-heading h5">{notice.title}</h2>
      <p className="mb-0">{notice.message}</p>
      {children}
    </div>
  );
}

/**
 * Whether an action's answer arrived with the page itself (a plain form post, answered with HTML) rather than
 * through a fetch once the page was hydrated. The page shows the first kind inline, since it is already on
 * screen before any script runs, and keeps the spec's modals for the second.
 */
export function useIsDocumentAnswer(answer: unknown): boolean {
  const [withPage] = useState(answer);
  return answer !== undefined && answer !== null && answer === withPage;
}
