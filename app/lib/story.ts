/**
 * The typed story on the /webdev screen, as a small state machine (spec section 4).
 *
 * The story text carries three markers: [k] ends a screen and waits for a click or key press before the next one,
 * [t] is removed from the text and counts a link trigger when the typing reaches it, [e] ends the story.
 * Timing: nothing happens for STORY_START_DELAY_MS, then one character appears every STORY_TICK_MS.
 */
export const STORY_START_DELAY_MS = 2000;
export const STORY_TICK_MS = 6;

export type StoryPage = {
  text: string;
  /** Character positions in `text` where a [t] marker stood. */
  triggers: number[];
  /** "wait" for a [k] marker, "end" for [e] or the end of the text. */
  ending: "wait" | "end";
};

/** idle: before the start delay; typing; waiting for a click or key; finished after [e]. */
export type StoryPhase = "idle" | "typing" | "waiting" | "finished";

export type StoryState = { phase: StoryPhase; page: number; typed: number };

export type StoryEvent =
  /** The start delay has passed. */
  | { type: "begin" }
  /** One timer tick: type the next character. */
  | { type: "tick" }
  /** A click or key press. */
  | { type: "advance" }
  /** Reduced motion: the rest of the current screen appears at once. */
  | { type: "complete" };

const MARKER = /\[(k|t|e)\]/g;

export function parseStory(source: string): StoryPage[] {
  const pages: StoryPage[] = [];
  let text = "";
  let triggers: number[] = [];
  let last = 0;
  for (const match of source.matchAll(MARKER)) {
    text += source.slice(last, match.index);
    last = match.index + match[0].length;
    if (match[1] === "t") {
      triggers.push(text.length);
    } else {
      pages.push({ text, triggers, ending: match[1] === "k" ? "wait" : "end" });
      text = "";
      triggers = [];
      // Anything after [e] is never shown.
      if (match[1] === "e") return pages;
    }
  }
  text += source.slice(last);
  if (text.length > 0 || triggers.length > 0 || pages.length === 0) pages.push({ text, triggers, ending: "end" });
  else pages[pages.length - 1]!.ending = "end";
  return pages;
}

export const initialStoryState: StoryState = { phase: "idle", page: 0, typed: 0 };

/** The state after `event`; events that do not apply in the current phase change nothing. */
export function storyReducer(pages: readonly StoryPage[], state: StoryState, event: StoryEvent): StoryState {
  switch (event.type) {
    case "begin":
      return state.phase === "idle" ? settle(pages, { phase: "typing", page: 0, typed: 0 }) : state;
    case "tick":
      return state.phase === "typing" ? settle(pages, { ...state, typed: state.typed + 1 }) : state;
    case "advance":
      return state.phase === "waiting" ? settle(pages, { phase: "typing", page: state.page + 1, typed: 0 }) : state;
    case "complete":
      return state.phase === "typing" ? settle(pages, { ...state, typed: pages[state.page]?.text.length ?? 0 }) : state;
  }
}

/** A page typed to its end waits or finishes; this also covers an empty page. */
function settle(pages: readonly StoryPage[], state: StoryState): StoryState {
  const page = pages[state.page];
  if (!page) return { ...state, phase: "finished" };
  if (state.typed < page.text.length) return state;
  return { ...state, typed: page.text.length, phase: page.ending === "wait" ? "waiting" : "finished" };
}

/** The text on the screen: the current page as far as it has been typed. */
export function visibleText(pages: readonly StoryPage[], state: StoryState): string {
  return pages[state.page]?.text.slice(0, state.typed) ?? "";
}

/** How many [t] markers the typing has passed so far. */
export function linkTriggers(pages: readonly StoryPage[], state: StoryState): number {
  if (state.phase === "idle") return 0;
  let count = 0;
  pages.forEach((page, index) => {
    if (index < state.page) count += page.triggers.length;
    else if (index === state.page) count += page.triggers.filter((position) => position <= state.typed).length;
  });
  return count;
}

/** What a key press does once the story has finished: Z opens the retro-computer site, anything else starts over. */
export function finishedAction(key: string): "open-retro-site" | "restart" {
  return key.toLowerCase() === "z" ? "open-retro-site" : "restart";
}

export type StoryPlayer = {
  /** A click or key press. */
  advance(): void;
  stop(): void;
};

/**
 * Drives the state machine with timers: the start delay, then one tick per STORY_TICK_MS while typing.
 * With `reducedMotion` there is no delay and no typing: each screen appears whole, still one screen per click or key.
 * `onChange` receives every new state.
 */
export function playStory(
  pages: readonly StoryPage[],
  onChange: (state: StoryState) => void,
  options: { reducedMotion?: boolean } = {},
): StoryPlayer {
  let state = initialStoryState;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let starter: ReturnType<typeof setTimeout> | undefined;

  const dispatch = (event: StoryEvent) => {
    const next = storyReducer(pages, state, event);
    if (next === state) return;
    state = next;
    if (state.phase === "typing" && options.reducedMotion) {
      dispatch({ type: "complete" });
      return;
    }
    if (state.phase === "typing") ticker ??= setInterval(() => dispatch({ type: "tick" }), STORY_TICK_MS);
    else if (ticker !== undefined) {
      clearInterval(ticker);
      ticker = undefined;
    }
    onChange(state);
  };

  if (options.reducedMotion) dispatch({ type: "begin" });
  else starter = setTimeout(() => dispatch({ type: "begin" }), STORY_START_DELAY_MS);

  return {
    advance: () => dispatch({ type: "advance" }),
    stop() {
      clearTimeout(starter);
      clearInterval(ticker);
      ticker = undefined;
    },
  };
}
