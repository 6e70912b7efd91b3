import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  type StoryPhase,
  type StoryPlayer,
  type StoryState,
  finishedAction,
  linkTriggers,
  parseStory,
  playStory,
  visibleText,
} from "~/lib/story";

type Props = {
  story: string;
  continuePrompt: string;
  finishedPrompt: string;
  retroButton: string;
  retroSiteUrl: string;
};

/** The computer on the desk, and the keyboard phones see once the story ends (they have no keys to press). */
const COMPUTER_IMAGE = { src: "/images/webdev/zx81.svg", width: 480, height: 150 };
const KEYBOARD_IMAGE = { src: "/images/webdev/keyboard.svg", width: 640, height: 240 };

/** Keys that never drive the story: modifiers, function keys, and Tab and Escape, which belong to the page. */
const IGNORED_KEYS = new Set(["Tab", "Escape", "Shift", "Control", "Alt", "AltGraph", "Meta", "CapsLock", "NumLock", "ScrollLock", "ContextMenu", "Dead", "Unidentified"]);
/** Keys that scroll the page; they only count while the screen itself has focus. */
const SCROLL_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "PageUp", "PageDown", "Home", "End", " "]);

/**
 * A key press answers the story when the screen has focus, or when nothing else does (the visitor has not tabbed
 * into a link or button), so keyboard navigation of the rest of the page is never taken over. Enter and Space on
 * the focused screen arrive as its click instead.
 */
function isStoryKey(event: KeyboardEvent, screen: HTMLElement | null): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return false;
  if (IGNORED_KEYS.has(event.key) || /^F\d{1,2}$/.test(event.key)) return false;
  if (event.target === screen) return event.key !== "Enter" && event.key !== " ";
  return (event.target === document.body || event.target === document.documentElement) && !SCROLL_KEYS.has(event.key);
}

/**
 * Writes the typed text, and the cursor after it, straight into the screen. The text changes every 6 ms: a React
 * render per character kept the main thread busy on a phone. The cursor is a new element each time, so it is not
 * an element "moving" (a layout shift) but a new one appearing. Like a real ZX81's, it does not blink.
 */
function drawScreen(element: HTMLElement, text: string, phase: StoryPhase) {
  const nodes: Node[] = [document.createTextNode(text)];
  if (phase !== "finished") {
    const cursor = document.createElement("span");
    cursor.className = "retro-cursor";
    cursor.textContent = phase === "waiting" ? "K" : "L";
    nodes.push(cursor);
  }
  element.replaceChildren(...nodes);
}

type View = { phase: StoryPhase; triggers: number };

/** The retro TV on /webdev that types the story (spec section 4), driven by the state machine in lib/story. */
export function StoryScreen({ story, continuePrompt, finishedPrompt, retroButton, retroSiteUrl }: Props) {
  const pages = useMemo(() => parseStory(story), [story]);
  // React renders only what changes now and then: the phase and the lit lamps.
  const [view, setView] = useState<View>({ phase: "idle", triggers: 0 });
  const player = useRef<StoryPlayer | null>(null);
  const screen = useRef<HTMLButtonElement>(null);
  const text = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    // Reduced motion: each screen appears whole, without the typing and the start delay.
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    let shown: View = { phase: "idle", triggers: 0 };
    const onChange = (state: StoryState) => {
      if (text.current) drawScreen(text.current, visibleText(pages, state), state.phase);
      const next = { phase: state.phase, triggers: linkTriggers(pages, state) };
      if (next.phase !== shown.phase || next.triggers !== shown.triggers) {
        shown = next;
        setView(next);
      }
    };
    const current = playStory(pages, onChange, { reducedMotion });
    player.current = current;
    return () => current.stop();
  }, [pages]);

  const { phase, triggers } = view;
  const openRetroSite = useCallback(() => window.open(retroSiteUrl, "_blank", "noopener,noreferrer"), [retroSiteUrl]);
  /** A click (key null) or key press; false when the story is not waiting for one. */
  const respond = useCallback(
    (key: string | null): boolean => {
      if (phase === "waiting") player.current?.advance();
      else if (phase === "finished") {
        if (key !== null && finishedAction(key) === "open-retro-site") openRetroSite();
        else window.location.reload();
      } else return false;
      return true;
    },
    [phase, openRetroSite],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isStoryKey(event, screen.current) && respond(event.key)) event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [respond]);

  const prompt = phase === "waiting" ? continuePrompt : phase === "finished" ? finishedPrompt : null;

  return (
    <div className="story" data-phase={phase} data-link-triggers={triggers}>
      <div className="retro-desk">
        <div className="retro-tv">
          <button
            ref={screen}
            type="button"
            className="retro-screen"
            aria-label={`Story screen. ${prompt ?? "Typing."}`}
            onClick={() => respond(null)}
          >
            {/* Filled by drawScreen; React never renders children here. Empty, CSS shows the waiting cursor. */}
            <span ref={text} className="retro-screen-text" aria-hidden="true" data-testid="story-text" />
            {prompt ? (
              <span className="retro-screen-prompt" aria-hidden="true" data-testid="story-prompt">
                {prompt}
              </span>
            ) : null}
          </button>
          <span className="retro-tv-panel" aria-hidden="true">
            {pages
              .flatMap((page) => page.triggers)
              .map((_, index) => (
                // One lamp per link trigger in the story; it lights when the typing passes it.
                <span key={index} className={`retro-lamp${index < triggers ? " is-lit" : ""}`} />
              ))}
          </span>
        </div>
        <img className="retro-computer" alt="" {...COMPUTER_IMAGE} />
      </div>
      {phase === "finished" ? (
        <div className="story-phone-controls">
          <img className="story-keyboard" alt="" {...KEYBOARD_IMAGE} />
          <button type="button" className="btn btn-primary" onClick={openRetroSite}>
            {retroButton}
          </button>
        </div>
      ) : null}
      <div className="visually-hidden">
        <p>The story on the screen reads:</p>
        {pages.map((page, index) => (
          <p key={index}>{page.text}</p>
        ))}
      </div>
    </div>
  );
}
