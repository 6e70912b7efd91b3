import { type PowHandle, PowWidget } from "./pow-widget";

type Props = {
  enhanced: boolean;
  pow: React.RefObject<PowHandle | null>;
  powUnavailable: boolean;
  onPowUnavailable(): void;
  question: string;
};

/**
 * The quote form's check that a person is sending: with JavaScript the proof-of-work widget, and where that cannot
 * run, or without JavaScript, a question a person can answer.
 */
export function PersonCheck({ enhanced, pow, powUnavailable, onPowUnavailable, question }: Props) {
  if (enhanced) return powUnavailable ? <FallbackQuestion question={question} /> : <PowWidget handleRef={pow} onUnavailable={onPowUnavailable} />;
  return (
    <>
      {/* The widget's place, kept from the first paint (public.css), so the send button stays where it is. */}
      <div className="quote-pow mb-3" aria-hidden="true" />
      {/* Without JavaScript the proof of work cannot run; a question a person can answer stands in for it. The
          stylesheet, empty and never kept, gives this browser its own value, so the question of a page that is the
          same for everyone is used once per browser (form-guard.server). */}
      <noscript>
        <link rel="stylesheet" href="/contact/browser-check.css" />
        <FallbackQuestion question={question} />
      </noscript>
    </>
  );
}

function FallbackQuestion({ question }: { question: string }) {
  return (
    <div className="mb-3">
      <label htmlFor="quote-check" className="form-label">
        A quick check that you are a person: {question}
      </label>
      <input id="quote-check" name="check" type="text" inputMode="numeric" autoComplete="off" maxLength={4} className="form-control quote-check" />
    </div>
  );
}
