import { useEffect, useLayoutEffect, useRef } from "react";

/** What useActionResult needs of a fetcher (`useFetcher<typeof action>()`). */
type FetcherLike<Result> = { state: "idle" | "loading" | "submitting"; data: Result | undefined };

// useLayoutEffect warns during server rendering; effects never run there anyway.
const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** Calls back once per finished submission of this fetcher, with what the action answered. */
export function useActionResult<Result>(fetcher: FetcherLike<Result>, onResult: (result: Result) => void) {
  const callback = useRef(onResult);
  useIsomorphicLayoutEffect(() => {
    callback.current = onResult;
  });
  const seen = useRef<Result | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data === seen.current) return;
    seen.current = fetcher.data;
    callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
