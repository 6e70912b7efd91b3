import type { useFetcher } from "react-router";
import { useModal } from "~/components/modal/modal-host";
import { InlineNotice } from "~/components/notice";
import { useActionResult } from "~/components/use-action-result";
import type { ProfileAnswer } from "~/lib/profile-answer";

/**
 * The lookup of the latest answer's error for a field (the fetcher's, or the page's answer to a plain post), to
 * show under it. Along the way, once per answer, shows the fetcher's modal message or runs onSuccess.
 */
export function useFieldErrors(fetcher: ReturnType<typeof useFetcher<ProfileAnswer>>, answer: ProfileAnswer | undefined, onSuccess?: () => void) {
  const modal = useModal();
  useActionResult(fetcher, (result) => {
    if (result.modal) void modal.info(result.modal);
    else if (result.ok) onSuccess?.();
  });
  const result = fetcher.data ?? answer;
  return (field: string): string | undefined => (result && !result.ok && result.field === field ? result.error : undefined);
}

/** A plain post's answer that the spec shows in a modal (no field to show it under): here, in the form. */
export function AnswerAlert({ answer }: { answer: ProfileAnswer | undefined }) {
  if (!answer?.modal) return null;
  return <InlineNotice notice={{ ...answer.modal, tone: "danger" }} className="mt-3" />;
}
