import { useEffect, useLayoutEffect, useRef } from "react";
import type { useFetcher } from "react-router";
import type { ManageActionResult } from "~/routes/admin/manage-galleries";

type Fetcher = ReturnType<typeof useFetcher<ManageActionResult>>;

// useLayoutEffect warns during server rendering; effects never run there anyway.
const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** Calls back once per finished submission of this fetcher, with what the action answered. */
export function useActionResult(fetcher: Fetcher, onResult: (result: ManageActionResult) => void) {
  const callback = useRef(onResult);
  useIsomorphicLayoutEffect(() => {
    callback.current = onResult;
  });
  const seen = useRef<ManageActionResult | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data === seen.current) return;
    seen.current = fetcher.data;
    callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
