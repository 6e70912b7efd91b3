import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import {
  DEFERRED_MODULE_TYPE,
  DEFERRED_PRELOAD_REL,
  DEFERRED_STYLESHEETS_ATTRIBUTE,
  FIRST_SHOWN_ATTRIBUTE,
  PHOTOS_SHOWN_ATTRIBUTE,
  deferScriptsInHtml,
  deferScriptsTransform,
} from "./defer-scripts.server";

// The shape React Router 8 and React 19 write: preload links hoisted into the head, the module script at the end
// of the body, then the streamed loader data.
const PAGE = [
  '<!DOCTYPE html><html lang="en-GB"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N1"/>',
  '<link rel="modulepreload" href="/assets/framework-B.js" nonce="N1"/>',
  '<link rel="canonical" href="https://example.test/"/>',
  "</head><body><main><h1>Plastering – £ and ‘quotes’</h1><p>a &lt; b</p></main>",
  '<script nonce="N1">window.__reactRouterContext = {};</script>',
  '<script nonce="N1" type="module" async="">;\nimport * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>',
  '<script nonce="N1">window.__reactRouterContext.streamController.enqueue("[1]");</script>',
  "</body></html>",
].join("");

function expectDeferred(html: string) {
  // The loader follows the inert module script directly.
  const loaderStart = html.indexOf('</script><script nonce="N1">(function(){var done') + "</script>".length;
  expect(loaderStart).toBeGreaterThan("</script>".length);
  const loaderEnd = html.indexOf("</script>", loaderStart) + "</script>".length;
  const page = html.slice(0, loaderStart) + html.slice(loaderEnd);
  expect(page).not.toContain('rel="modulepreload"');
  expect(page.match(new RegExp(`rel="${DEFERRED_PRELOAD_REL}" href="/assets/`, "g"))).toHaveLength(2);
  expect(page).not.toContain('type="module"');
  expect(page).toContain(
    `<script nonce="N1" type="${DEFERRED_MODULE_TYPE}">;\nimport * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>`,
  );
  // Nothing else changed: undoing the rewrite gives the page back.
  const restored = page
    .replaceAll(DEFERRED_PRELOAD_REL, "modulepreload")
    .replace(`type="${DEFERRED_MODULE_TYPE}"`, 'type="module" async=""');
  expect(restored).toBe(PAGE);
}

/** A template holding one stylesheet link, as anonymous-document.server writes it, reduced to what the loader uses. */
function deferredSheet() {
  const listeners = new Map<string, () => void>();
  const sheet = { rel: "stylesheet", addEventListener: (type: string, fn: () => void) => listeners.set(type, fn) };
  const content = { querySelectorAll: (selector: string) => (selector === "link" ? [sheet] : []) };
  const template = { content, replacedBy: null as unknown, replaceWith(fragment: unknown) { this.replacedBy = fragment; } };
  return { listeners, sheet, template };
}

/** `<html>`, reduced to what the loader uses: the attributes it sets, and the height of the first screen. */
function root() {
  const attributes: string[] = [];
  return { attributes, clientHeight: 800, setAttribute: (name: string) => void (attributes.includes(name) || attributes.push(name)) };
}

type PaintCallback = (list: { getEntriesByName(n: string): unknown[] }) => void;

/**
 * Runs the loader the rewrite adds to PAGE against a minimal fake document, to check what it does, not just that it
 * is there. The paint observer, the timers and the animation frames are in the test's hands: `paint(name)` reports a
 * paint entry; `timers` and `frames` hold the callbacks the loader scheduled, in order.
 */
function runLoader(document: object) {
  const loader = /<script nonce="N1">(\(function\(\)\{var done[\s\S]*?)<\/script>/.exec(deferScriptsInHtml(PAGE, "N1"))?.[1];
  expect(loader).toBeDefined();
  let observed: PaintCallback | undefined;
  const observing: unknown[] = [];
  class PerformanceObserver {
    constructor(cb: PaintCallback) { observed = cb; }
    observe(options: unknown) { observing.push(options); }
  }
  const timers: (() => void)[] = [];
  const frames: (() => void)[] = [];
  new Function("document", "PerformanceObserver", "setTimeout", "requestAnimationFrame", loader!)(
    document,
    PerformanceObserver,
    (fn: () => void) => timers.push(fn),
    (fn: () => void) => frames.push(fn),
  );
  const paint = (name: string) => observed!({ getEntriesByName: (n) => (n === name ? [{}] : []) });
  return { timers, frames, observing, paint };
}

async function throughStream(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(deferScriptsTransform("N1")));
}

describe("deferring the page's scripts until the first paint and its priority photos", () => {
  it("makes the preload links and the module script inert and adds the loader after the script", () => {
    expectDeferred(deferScriptsInHtml(PAGE, "N1"));
  });

  it("leaves a page without React Router's scripts alone", () => {
    const html = "<html><body><p>Plain</p><script>1</script></body></html>";
    expect(deferScriptsInHtml(html, "N1")).toBe(html);
  });

  it("gives the same result however the stream is cut, even inside a tag or a character", async () => {
    const bytes = Buffer.from(PAGE, "utf8");
    for (const size of [1, 2, 3, 7, 16, 61, 200, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const html = await throughStream(chunks);
      expectDeferred(html);
    }
  });

  it("the loader restores the scripts after the first contentful paint, once the deferred stylesheet has loaded", async () => {
    const links = [{ rel: DEFERRED_PRELOAD_REL }, { rel: DEFERRED_PRELOAD_REL }];
    const { listeners, template, sheet } = deferredSheet();
    const inert = { nonce: "N1", textContent: "import('/x.js')", replaceWith(el: unknown) { this.replacedBy = el; }, replacedBy: null as unknown };
    const html = root();
    const document = {
      visibilityState: "visible",
      documentElement: html,
      querySelectorAll: (selector: string) => (selector.includes(DEFERRED_STYLESHEETS_ATTRIBUTE) ? [template] : selector.includes(DEFERRED_PRELOAD_REL) ? links : []),
      querySelector: (selector: string) => (selector.includes(DEFERRED_MODULE_TYPE) ? inert : null),
      createElement: () => ({ type: "", nonce: "", textContent: "" }),
    };
    const settle = () => new Promise((resolve) => globalThis.setTimeout(resolve, 0));
    const { timers, observing, paint } = runLoader(document);
    expect(observing).toEqual([{ type: "paint", buffered: true }]);

    // Before the paint: only the safety timer is waiting, nothing was touched.
    expect(timers).toHaveLength(1);
    expect(links.every((l) => l.rel === DEFERRED_PRELOAD_REL)).toBe(true);
    expect(template.replacedBy).toBeNull();
    // A paint with no content yet (the background) is not enough.
    paint("first-paint");
    expect(links.every((l) => l.rel === DEFERRED_PRELOAD_REL)).toBe(true);
    expect(inert.replacedBy).toBeNull();
    expect(html.attributes).toEqual([]);
    paint("first-contentful-paint");
    // Held photos may come now (this page has none to wait for).
    expect(html.attributes).toEqual([FIRST_SHOWN_ATTRIBUTE, PHOTOS_SHOWN_ATTRIBUTE]);
    // The modules and the stylesheet are fetched together; the page starts once the stylesheet is there.
    expect(links.every((l) => l.rel === "modulepreload")).toBe(true);
    // The template's links take its place in the page, listened to before they start loading.
    expect(template.replacedBy).toBe(template.content);
    expect([...listeners.keys()].sort()).toEqual(["error", "load"]);
    expect(sheet.rel).toBe("stylesheet");
    await settle();
    expect(inert.replacedBy).toBeNull();
    listeners.get("load")!();
    await settle();
    expect(inert.replacedBy).toEqual({ type: "module", nonce: "N1", textContent: "import('/x.js')" });
    // The safety timer firing later does not start the page twice.
    inert.replacedBy = null;
    timers[0]!();
    await settle();
    expect(inert.replacedBy).toBeNull();
  });

  it("on a page with priority photos, waits after the first paint until they have been decoded and drawn", async () => {
    const links = [{ rel: DEFERRED_PRELOAD_REL }];
    const inert = { nonce: "N1", textContent: "", replaceWith(el: unknown) { this.replacedBy = el; }, replacedBy: null as unknown };
    // Priority photos: each is waited for until decoded (ready to draw), or until it fails; the selector is the
    // loader's own.
    const photo = () => {
      let settle: { resolve(): void; reject(error: Error): void } | undefined;
      const decoded = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
      return { decode: () => decoded, settle: settle! };
    };
    const [first, second] = [photo(), photo()];
    let prioritySelector = "";
    const html = root();
    const document = {
      visibilityState: "visible",
      documentElement: html,
      querySelectorAll: (selector: string) => {
        if (selector.startsWith("img")) {
          prioritySelector = selector;
          return [first, second];
        }
        return selector.includes(DEFERRED_PRELOAD_REL) ? links : [];
      },
      querySelector: () => inert,
      createElement: () => ({ type: "", nonce: "", textContent: "" }),
    };
    const { timers, frames, paint } = runLoader(document);
    paint("first-contentful-paint");
    expect(prioritySelector).toBe('img[fetchpriority="high"]:not([loading="lazy"])');
    // Painted, but the photos are still coming: the scripts wait.
    expect(links[0]!.rel).toBe(DEFERRED_PRELOAD_REL);
    first.settle.resolve();
    await new Promise((resolve) => globalThis.setTimeout(resolve, 0));
    expect(frames).toHaveLength(0);
    // A photo that fails counts as arrived.
    second.settle.reject(new Error("broken"));
    await new Promise((resolve) => globalThis.setTimeout(resolve, 0));
    expect(links[0]!.rel).toBe(DEFERRED_PRELOAD_REL);
    // The frame that draws them, then the task after it.
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(links[0]!.rel).toBe(DEFERRED_PRELOAD_REL);
    expect(html.attributes).toEqual([]);
    timers.at(-1)!();
    expect(links[0]!.rel).toBe("modulepreload");
    expect(html.attributes).toEqual([FIRST_SHOWN_ATTRIBUTE, PHOTOS_SHOWN_ATTRIBUTE]);
    await new Promise((resolve) => globalThis.setTimeout(resolve, 0));
    expect(inert.replacedBy).not.toBeNull();
  });

  it("lets a held next photo load once the priority photo is drawn, and starts the page once those on screen are drawn", async () => {
    const links = [{ rel: DEFERRED_PRELOAD_REL }];
    const inert = { nonce: "N1", textContent: "", replaceWith(el: unknown) { this.replacedBy = el; }, replacedBy: null as unknown };
    const photo = (rects: { top: number }[]) => {
      let resolve = () => {};
      const decoded = new Promise<void>((done) => (resolve = done));
      const asked = { decode: 0 };
      return { asked, resolve: () => resolve(), decode: () => (asked.decode++, decoded), getClientRects: () => rects };
    };
    // A project's first "before" photo; its "after" photo on the first screen; one not displayed (the layout
    // without script); one below the first screen.
    const before = photo([{ top: 200 }]);
    const [after, hidden, below] = [photo([{ top: 200 }]), photo([]), photo([{ top: 1400 }])];
    const html = root();
    const document = {
      visibilityState: "visible",
      documentElement: html,
      querySelectorAll: (selector: string) =>
        selector.startsWith("img[") ? [before] : selector === ".photo-next img" ? [after, hidden, below] : selector.includes(DEFERRED_PRELOAD_REL) ? links : [],
      querySelector: () => inert,
      createElement: () => ({ type: "", nonce: "", textContent: "" }),
    };
    const { timers, frames, paint } = runLoader(document);
    const settle = () => new Promise((resolve) => globalThis.setTimeout(resolve, 0));
    paint("first-contentful-paint");
    before.resolve();
    await settle();
    // Nothing else may load until the frame showing the "before" photo has been drawn.
    expect(html.attributes).toEqual([]);
    frames.shift()!();
    timers.at(-1)!();
    expect(html.attributes).toEqual([FIRST_SHOWN_ATTRIBUTE]);
    // Only the next photo on the first screen is waited for; the scripts and the other photos wait with it.
    expect([after.asked.decode, hidden.asked.decode, below.asked.decode]).toEqual([1, 0, 0]);
    expect(links[0]!.rel).toBe(DEFERRED_PRELOAD_REL);
    after.resolve();
    await settle();
    expect(links[0]!.rel).toBe(DEFERRED_PRELOAD_REL);
    frames.shift()!();
    timers.at(-1)!();
    expect(html.attributes).toEqual([FIRST_SHOWN_ATTRIBUTE, PHOTOS_SHOWN_ATTRIBUTE]);
    expect(links[0]!.rel).toBe("modulepreload");
  });

  it("the safety timer starts the page even if a priority photo never arrives", () => {
    const links = [{ rel: DEFERRED_PRELOAD_REL }];
    const stuck = { decode: () => new Promise(() => {}) };
    const html = root();
    const document = {
      visibilityState: "visible",
      documentElement: html,
      querySelectorAll: (selector: string) => (selector.startsWith("img") ? [stuck] : selector.includes(DEFERRED_PRELOAD_REL) ? links : []),
      querySelector: () => null,
      createElement: () => ({}),
    };
    const { timers, paint } = runLoader(document);
    paint("first-contentful-paint");
    expect(links[0]!.rel).toBe(DEFERRED_PRELOAD_REL);
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(links[0]!.rel).toBe("modulepreload");
    // Every held photo may load too.
    expect(html.attributes).toEqual([FIRST_SHOWN_ATTRIBUTE, PHOTOS_SHOWN_ATTRIBUTE]);
  });

  it("a stylesheet that fails to load does not keep the page from starting", async () => {
    const { listeners, template } = deferredSheet();
    const inert = { nonce: "N1", textContent: "", replaceWith(el: unknown) { this.replacedBy = el; }, replacedBy: null as unknown };
    const html = root();
    const document = {
      visibilityState: "hidden", // starts at once
      documentElement: html,
      querySelectorAll: (selector: string) => (selector.includes(DEFERRED_STYLESHEETS_ATTRIBUTE) ? [template] : []),
      querySelector: () => inert,
      createElement: () => ({ type: "", nonce: "", textContent: "" }),
    };
    runLoader(document);
    expect(template.replacedBy).toBe(template.content);
    listeners.get("error")!();
    await new Promise((resolve) => globalThis.setTimeout(resolve, 0));
    expect(inert.replacedBy).not.toBeNull();
  });
});
