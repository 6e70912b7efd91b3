import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  type StoryPlayer,
  finishedAction,
  initialStoryState,
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

/** The retro TV on /webdev that types the story (spec section 4), driven by the state machine in lib/story. */
export function StoryScreen({ story, continuePrompt, finishedPrompt, retroButton, retroSiteUrl }: Props) {
  const pages = useMemo(() => parseStory(story), [story]);
  const [state, setState] = useState(initialStoryState);
  const player = useRef<StoryPlayer | null>(null);
  const screen = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // Reduced motion: each screen appears whole, without the typing and the start delay.
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const current = playStory(pages, setState, { reducedMotion });
    player.current = current;
    return () => current.stop();
  }, [pages]);

  const { phase } = state;
  const openRetroSite = useCallback(() => window.open(retroSiteUrl, "_blank", "noopener,noreferrer"), [retroSiteUrl]);
  const respond = useCallback(
    (key: string | null) => {
      if (phase === "waiting") player.current?.advance();
      else if (phase === "finished") {
        if (key !== null && finishedAction(key) === "open-retro-site") openRetroSite();
        else window.location.reload();
      }
    },
    [phase, openRetroSite],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isStoryKey(event, screen.current)) return;
      event.preventDefault();
      respond(event.key);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [respond]);

  const prompt = phase === "waiting" ? continuePrompt : phase === "finished" ? finishedPrompt : null;
  const triggers = linkTriggers(pages, state);

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
            <span className="retro-screen-text" aria-hidden="true" data-testid="story-text">
              {visibleText(pages, state)}
              {phase === "finished" ? null : <span className="retro-cursor">{phase === "waiting" ? "K" : "L"}</span>}
            </span>
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
