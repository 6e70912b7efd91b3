import { useCallback, useEffect, useRef } from "react";
import { loadQuoteExtras } from "./load-quote-extras";

/** What the quote form needs from the proof-of-work widget. */
export type PowHandle = {
  /** The solved payload, solving first if needed; null when the widget could not run. */
  solve(): Promise<string | null>;
  /** After the server refused the proof of work: forget it and solve a new challenge. */
  reset(): void;
};

type AltchaElement = HTMLElementTagNameMap["altcha-widget"];

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "altcha-widget": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        auto?: string;
        name?: string;
        workers?: number;
        configuration?: string;
      };
    }
  }
}

/**
 * ALTCHA's proof of work, only with JavaScript (without it the form asks a question instead). Its script (about a
 * third of the page's JavaScript again) is not part of the page: it loads when the person first turns to the form
 * (focus, a tap or a key inside it), then fetches its challenge from /contact/challenge and starts solving while
 * they type. A send before it has loaded waits for it. `onUnavailable` is called when it cannot run, so the form
 * can show the question.
 */
export function PowWidget({ handleRef, onUnavailable }: { handleRef: React.RefObject<PowHandle | null>; onUnavailable(): void }) {
  const holder = useRef<HTMLDivElement>(null);
  const element = useRef<AltchaElement>(null);
  const payload = useRef<string | null>(null);
  const loading = useRef<Promise<boolean> | null>(null);

  const load = useCallback(() => {
    loading.current ??= loadQuoteExtras()
      .then((extras) => extras.loadAltcha())
      .then(
        () => true,
        () => {
          onUnavailable();
          return false;
        },
      );
    return loading.current;
  }, [onUnavailable]);

  const solve = useCallback(async () => {
    if (!(await load())) return null;
    const widget = element.current;
    if (payload.current || !widget) return payload.current;
    try {
      const result = await widget.verify();
      payload.current = result?.payload ?? null;
    } catch {
      payload.current = null;
    }
    return payload.current;
  }, [load]);

  useEffect(() => {
    const widget = element.current;
    const form = holder.current?.closest("form");
    if (!widget || !form) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      payload.current = detail.state === "verified" ? (detail.payload ?? null) : null;
      if (detail.state === "error") onUnavailable();
    };
    // Custom elements upgrade in place, so this listener hears the widget once its script has defined it.
    widget.addEventListener("statechange", onState);
    const begin = () => {
      form.removeEventListener("focusin", begin);
      form.removeEventListener("pointerdown", begin);
      void solve();
    };
    form.addEventListener("focusin", begin);
    form.addEventListener("pointerdown", begin);
    handleRef.current = {
      solve,
      reset() {
        payload.current = null;
        if (loading.current) void loading.current.then((ok) => ok && element.current?.reset());
      },
    };
    return () => {
      widget.removeEventListener("statechange", onState);
      form.removeEventListener("focusin", begin);
      form.removeEventListener("pointerdown", begin);
      handleRef.current = null;
    };
  }, [handleRef, onUnavailable, solve]);

  return (
    <div ref={holder} className="quote-pow mb-3">
      <altcha-widget ref={element} challenge="/contact/challenge" name="altcha" configuration={JSON.stringify({ hideLogo: true, hideFooter: true })} />
    </div>
  );
}
