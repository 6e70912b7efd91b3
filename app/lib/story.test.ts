import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  STORY_START_DELAY_MS,
  STORY_TICK_MS,
  type StoryState,
  finishedAction,
  initialStoryState,
  linkTriggers,
  parseStory,
  playStory,
  storyReducer,
  visibleText,
} from "./story";

describe("parseStory", () => {
  it("splits screens at [k], drops [t] but remembers where it stood, and stops at [e]", () => {
    expect(parseStory("Hello[t] there[k]Second[t][k]Bye[e]never shown")).toEqual([
      { text: "Hello there", triggers: [5], ending: "wait" },
      { text: "Second", triggers: [6], ending: "wait" },
      { text: "Bye", triggers: [], ending: "end" },
    ]);
  });

  it("ends the last screen when the text has no [e]", () => {
    expect(parseStory("One[k]Two")).toEqual([
      { text: "One", triggers: [], ending: "wait" },
      { text: "Two", triggers: [], ending: "end" },
    ]);
    expect(parseStory("Only[k]")).toEqual([{ text: "Only", triggers: [], ending: "end" }]);
    expect(parseStory("")).toEqual([{ text: "", triggers: [], ending: "end" }]);
  });

  it("keeps line breaks", () => {
    expect(parseStory("a\nb[e]")[0]!.text).toBe("a\nb");
  });
});

describe("storyReducer", () => {
  const pages = parseStory("ab[t][k]c[e]");
  const run = (...events: Parameters<typeof storyReducer>[2][]) =>
    events.reduce<StoryState>((state, event) => storyReducer(pages, state, event), initialStoryState);

  it("ignores ticks and clicks before it begins", () => {
    expect(run({ type: "tick" }, { type: "advance" })).toEqual(initialStoryState);
  });

  it("types one character per tick, then waits at [k]", () => {
    expect(run({ type: "begin" })).toEqual({ phase: "typing", page: 0, typed: 0 });
    expect(run({ type: "begin" }, { type: "tick" })).toEqual({ phase: "typing", page: 0, typed: 1 });
    expect(run({ type: "begin" }, { type: "tick" }, { type: "tick" })).toEqual({ phase: "waiting", page: 0, typed: 2 });
  });

  it("ignores a click while typing and extra ticks while waiting", () => {
    const waiting = run({ type: "begin" }, { type: "tick" }, { type: "tick" });
    expect(run({ type: "begin" }, { type: "advance" })).toEqual({ phase: "typing", page: 0, typed: 0 });
    expect(storyReducer(pages, waiting, { type: "tick" })).toBe(waiting);
  });

  it("moves to the next screen on a click or key, and finishes at [e]", () => {
    const next = run({ type: "begin" }, { type: "tick" }, { type: "tick" }, { type: "advance" });
    expect(next).toEqual({ phase: "typing", page: 1, typed: 0 });
    const done = storyReducer(pages, next, { type: "tick" });
    expect(done).toEqual({ phase: "finished", page: 1, typed: 1 });
    expect(storyReducer(pages, done, { type: "advance" })).toBe(done);
  });

  it("completes the current screen at once", () => {
    expect(run({ type: "complete" })).toEqual(initialStoryState);
    expect(run({ type: "begin" }, { type: "complete" })).toEqual({ phase: "waiting", page: 0, typed: 2 });
    expect(run({ type: "begin" }, { type: "complete" }, { type: "advance" }, { type: "complete" })).toEqual({
      phase: "finished",
      page: 1,
      typed: 1,
    });
  });
});

describe("visibleText and linkTriggers", () => {
  const pages = parseStory("ab[t]cd[k]e[t]f[e]");
  it("shows the current screen up to the typed position", () => {
    expect(visibleText(pages, { phase: "typing", page: 0, typed: 3 })).toBe("abc");
    expect(visibleText(pages, { phase: "typing", page: 1, typed: 1 })).toBe("e");
  });
  it("counts a trigger once the typing has reached it, across screens", () => {
    expect(linkTriggers(pages, initialStoryState)).toBe(0);
    expect(linkTriggers(pages, { phase: "typing", page: 0, typed: 1 })).toBe(0);
    expect(linkTriggers(pages, { phase: "typing", page: 0, typed: 2 })).toBe(1);
    expect(linkTriggers(pages, { phase: "typing", page: 1, typed: 0 })).toBe(1);
    expect(linkTriggers(pages, { phase: "finished", page: 1, typed: 2 })).toBe(2);
  });
});

describe("finishedAction", () => {
  it("opens the retro site on z or Z and restarts on anything else", () => {
    expect(finishedAction("z")).toBe("open-retro-site");
    expect(finishedAction("Z")).toBe("open-retro-site");
    expect(finishedAction("Enter")).toBe("restart");
    expect(finishedAction("a")).toBe("restart");
  });
});

describe("playStory timing", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const record = (source: string, options?: { reducedMotion?: boolean }) => {
    const pages = parseStory(source);
    const states: StoryState[] = [];
    const player = playStory(pages, (state) => states.push(state), options);
    return { pages, states, player, last: () => states.at(-1) ?? initialStoryState };
  };

  it("waits 2000 ms, then types one character every 6 ms", () => {
    const { last, player } = record("abcdef[e]");
    vi.advanceTimersByTime(STORY_START_DELAY_MS - 1);
    expect(last()).toEqual(initialStoryState);
    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ phase: "typing", page: 0, typed: 0 });
    vi.advanceTimersByTime(STORY_TICK_MS - 1);
    expect(last().typed).toBe(0);
    vi.advanceTimersByTime(1);
    expect(last().typed).toBe(1);
    vi.advanceTimersByTime(STORY_TICK_MS * 4);
    expect(last()).toEqual({ phase: "typing", page: 0, typed: 5 });
    vi.advanceTimersByTime(STORY_TICK_MS);
    expect(last()).toEqual({ phase: "finished", page: 0, typed: 6 });
    expect(vi.getTimerCount()).toBe(0);
    player.stop();
  });

  it("stops ticking while it waits at [k] and starts again on advance", () => {
    const { last, player } = record("ab[k]cd[e]");
    vi.advanceTimersByTime(STORY_START_DELAY_MS + 2 * STORY_TICK_MS);
    expect(last()).toEqual({ phase: "waiting", page: 0, typed: 2 });
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(last()).toEqual({ phase: "waiting", page: 0, typed: 2 });
    player.advance();
    expect(last()).toEqual({ phase: "typing", page: 1, typed: 0 });
    vi.advanceTimersByTime(STORY_TICK_MS);
    expect(last()).toEqual({ phase: "typing", page: 1, typed: 1 });
    vi.advanceTimersByTime(STORY_TICK_MS);
    expect(last().phase).toBe("finished");
  });

  it("ignores advance while typing", () => {
    const { last, player } = record("abc[k]d[e]");
    vi.advanceTimersByTime(STORY_START_DELAY_MS + STORY_TICK_MS);
    player.advance();
    expect(last()).toEqual({ phase: "typing", page: 0, typed: 1 });
  });

  it("shows each screen whole, with no delay and no timers, when motion is reduced", () => {
    const { last, pages, player } = record("ab[k]cd[e]", { reducedMotion: true });
    expect(last()).toEqual({ phase: "waiting", page: 0, typed: 2 });
    expect(visibleText(pages, last())).toBe("ab");
    expect(vi.getTimerCount()).toBe(0);
    player.advance();
    expect(last()).toEqual({ phase: "finished", page: 1, typed: 2 });
    expect(visibleText(pages, last())).toBe("cd");
  });

  it("stop() cancels the pending start", () => {
    const { states, player } = record("ab[e]");
    player.stop();
    vi.advanceTimersByTime(STORY_START_DELAY_MS * 2);
    expect(states).toEqual([]);
  });
});
