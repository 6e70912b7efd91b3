import { useEffect, useRef, useState } from "react";

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

// The widget's CSP-friendly build: no inline workers or styles; the worker is a file of its own under /assets.
async function loadAltcha(): Promise<void> {
  const [, , worker] = await Promise.all([
    import("altcha/external"),
    import("altcha/altcha.css"),
    import("altcha/workers/pbkdf2?worker"),
  ]);
  const registry = (globalThis as unknown as { $altcha?: { algorithms: Map<string, () => Worker> } }).$altcha;
  registry?.algorithms.set("PBKDF2/SHA-256", () => new worker.default());
}

/**
 * ALTCHA's proof of work, only with JavaScript (without it the form asks a question instead). The script loads
 * once the page is interactive, fetches its challenge from /contact/challenge, and starts solving when the
 * person starts on the form. `onUnavailable` is called when it cannot run, so the form can show the question.
 */
export function PowWidget({ handleRef, onUnavailable }: { handleRef: React.RefObject<PowHandle | null>; onUnavailable(): void }) {
  const element = useRef<AltchaElement>(null);
  const [loaded, setLoaded] = useState(false);
  const payload = useRef<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    loadAltcha().then(
      () => !cancelled && setLoaded(true),
      () => !cancelled && onUnavailable(),
    );
    return () => {
      cancelled = true;
    };
  }, [onUnavailable]);

  useEffect(() => {
    const widget = element.current;
    if (!loaded || !widget) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      payload.current = detail.state === "verified" ? (detail.payload ?? null) : null;
      if (detail.state === "error") onUnavailable();
    };
    widget.addEventListener("statechange", onState);
    handleRef.current = {
      async solve() {
        if (payload.current) return payload.current;
        try {
          const result = await widget.verify();
          payload.current = result?.payload ?? null;
        } catch {
          payload.current = null;
        }
        return payload.current;
      },
      reset() {
        payload.current = null;
        widget.reset();
      },
    };
    return () => {
      widget.removeEventListener("statechange", onState);
      handleRef.current = null;
    };
  }, [loaded, handleRef, onUnavailable]);

  return (
    <div className="quote-pow mb-3">
      <altcha-widget ref={element} challenge="/contact/challenge" auto="onfocus" name="altcha" configuration={JSON.stringify({ hideLogo: true, hideFooter: true })} />
    </div>
  );
}
