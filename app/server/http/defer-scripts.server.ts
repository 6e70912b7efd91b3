import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * Holds the page's JavaScript back until its first content is on screen.
 *
 * React Router writes `<link rel="modulepreload">` for every module the page needs (React hoists them into the
 * head) and one inline `<script type="module">` that imports the route modules and starts hydration. The
 * browser's preload scanner fetches all of them while the HTML is still being parsed, so on a slow connection
 * about 150 KB of scripts compete for bandwidth with the page's own images before anything has been painted,
 * and Lighthouse counts them against the first and largest paint. The page is complete without them: they only
 * make it interactive.
 *
 * This rewrites the HTML as it streams: the preload links get an inert `rel` and the module script an inert
 * `type`, and a small loader after it restores both once the browser reports its first contentful paint and the
 * page's priority photos have been drawn (or at once when the tab is hidden, or after a safety delay where paint
 * timing is missing). React finds the same elements when it hydrates. Everything else passes through unchanged
 * and in order.
 */
export const DEFERRED_PRELOAD_REL = "x-deferred-modulepreload";
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";
/**
 * Stylesheets only the scripts need (anonymous-document.server), kept as real links inside a `<template>`, whose
 * content the browser neither renders nor fetches, and which is valid HTML anywhere in the body (an unknown `rel`
 * on a link in the body is not). The loader puts the links in the template's place with the preloads, and the
 * module script waits for them, so hydration and what React draws after it have every rule.
 */
export const DEFERRED_STYLESHEETS_ATTRIBUTE = "data-deferred-stylesheets";

/** The links, inert until the loader below takes them out of their template. */
export function deferredStylesheets(links: string): string {
  return `<template ${DEFERRED_STYLESHEETS_ATTRIBUTE}="">${links}</template>`;
}

const PRELOAD_LINK = /<link rel="modulepreload" /g;
const MODULE_SCRIPT_OPEN = /<script( nonce="[^"]*")? type="module" async="">/;
const SCRIPT_CLOSE = "</script>";

/**
 * Photos a page holds back so that the one a visitor sees first has the connection to itself (styles/projects.css):
 * `photo-next` (a project's first "after" photo) may load once the priority photos have been drawn, when the loader
 * sets {@link FIRST_SHOWN_ATTRIBUTE} on `<html>`; `photo-held` (its later pairs and photos) once the modules start,
 * with {@link PHOTOS_SHOWN_ATTRIBUTE}. Each is a lazy image, which a browser does not fetch while it is not displayed.
 */
export const FIRST_SHOWN_ATTRIBUTE = "data-first-shown";
export const PHOTOS_SHOWN_ATTRIBUTE = "data-photos-shown";
const NEXT_IMAGES = ".photo-next img";

/** The photos a page marks as its largest (`fetchpriority="high"`, never lazy): the scripts wait for them. */
const PRIORITY_IMAGES = 'img[fetchpriority="high"]:not([loading="lazy"])';

/**
 * The loader: starts the page's modules once the paint observer reports the first contentful paint (its callback
 * runs after that frame) and the page's photos have been drawn, or when the `fallbackMs` timer fires, whichever
 * comes first; `go` runs once. The photos, in turn: the priority ones (a project's first "before" photo, a gallery's
 * first photo) arrive and are decoded (or fail) and the frame showing them is drawn; then the `photo-next` ones are
 * let load and, those on the first screen, waited for in the same way. On a weak signal the photo a visitor came for
 * then has the connection to itself instead of sharing it with the next photo or 100 KB of scripts, which only make
 * the page interactive. `go` lets every held photo load. The timer is always set, but a page without priority
 * photos needs none (the paint observer starts it), so a page whose clock is faked or paused (tests, slow timers in
 * a background tab) still hydrates. Deferred stylesheets load alongside the modules, and the module script is only
 * inserted once each has loaded or failed.
 */
function loaderSource(fallbackMs: number): string {
  return (
    `(function(){var done=0,waited=0,d=document,h=d.documentElement;` +
    `function mark(a){h.setAttribute(a,"")}` +
    `function go(){if(done)return;done=1;mark("${FIRST_SHOWN_ATTRIBUTE}");mark("${PHOTOS_SHOWN_ATTRIBUTE}");var w=[];` +
    `d.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]').forEach(function(l){l.rel="modulepreload"});` +
    `d.querySelectorAll('template[${DEFERRED_STYLESHEETS_ATTRIBUTE}]').forEach(function(t){var f=t.content;f.querySelectorAll("link").forEach(function(l){w.push(new Promise(function(r){l.addEventListener("load",r);l.addEventListener("error",r)}))});t.replaceWith(f)});` +
    `var o=d.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');if(!o)return;` +
    `Promise.all(w).then(function(){var s=d.createElement("script");s.type="module";s.nonce=o.nonce;s.textContent=o.textContent;o.replaceWith(s)})}` +
    // Once the photos are decoded (or failed), the frame that draws them, then the task after it.
    `function drawn(list,then){var p=[];list.forEach(function(i){p.push(i.decode?i.decode().catch(function(){}):0)});if(!p.length)return then();Promise.all(p).then(function(){requestAnimationFrame(function(){setTimeout(then,0)})})}` +
    // The next photos, displayed now, are waited for only where they show on the first screen.
    `function next(){if(done)return;mark("${FIRST_SHOWN_ATTRIBUTE}");var n=[];d.querySelectorAll("${NEXT_IMAGES}").forEach(function(i){var r=i.getClientRects()[0];if(r&&r.top<h.clientHeight)n.push(i)});drawn(n,go)}` +
    `function photos(){if(waited)return;waited=1;var p=d.querySelectorAll('${PRIORITY_IMAGES}');if(!p.length)return go();drawn(p,next)}` +
    `if(d.visibilityState==="hidden")return go();setTimeout(go,${fallbackMs});` +
    `try{new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)photos()}).observe({type:"paint",buffered:true})}catch(e){go()}})()`
  );
}

/**
 * Rewrites one complete piece of HTML (no tag cut in half). Exported for the unit tests; the stream below makes
 * sure it only ever sees whole tags and a whole module script.
 */
export function deferScriptsInHtml(html: string, nonce: string, fallbackMs = 3000): string {
  let out = html.replace(PRELOAD_LINK, `<link rel="${DEFERRED_PRELOAD_REL}" `);
  const open = MODULE_SCRIPT_OPEN.exec(out);
  if (!open) return out;
  const close = out.indexOf(SCRIPT_CLOSE, open.index);
  if (close < 0) return out;
  const end = close + SCRIPT_CLOSE.length;
  const nonceAttr = nonce ? ` nonce="${nonce}"` : "";
  out =
    out.slice(0, open.index) +
    `<script${open[1] ?? ""} type="${DEFERRED_MODULE_TYPE}">` +
    out.slice(open.index + open[0].length, end) +
    `<script${nonceAttr}>${loaderSource(fallbackMs)}</script>` +
    out.slice(end);
  return out;
}

/**
 * How much of `buffer` can be rewritten and sent now: everything before a tag that has not been closed yet,
 * and before a module script whose end has not arrived.
 */
function safeLength(buffer: string): number {
  let cut = buffer.length;
  const lastOpen = buffer.lastIndexOf("<");
  if (lastOpen > buffer.lastIndexOf(">")) cut = lastOpen;
  const module = MODULE_SCRIPT_OPEN.exec(buffer);
  if (module && buffer.indexOf(SCRIPT_CLOSE, module.index) < 0) cut = Math.min(cut, module.index);
  return cut;
}

/** A stream transform applying {@link deferScriptsInHtml} to an HTML document however it is cut into chunks. */
export function deferScriptsTransform(nonce: string): Transform {
  let pending = "";
  let rewritten = false;
  const decoder = new StringDecoder("utf8"); // a character split between two chunks stays whole
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      pending += typeof chunk === "string" ? chunk : decoder.write(chunk);
      if (rewritten) {
        // The module script is written once, in the shell; what follows is streamed data.
        const out = pending;
        pending = "";
        callback(null, out);
        return;
      }
      const n = safeLength(pending);
      const ready = pending.slice(0, n);
      pending = pending.slice(n);
      const out = deferScriptsInHtml(ready, nonce);
      if (out.includes(DEFERRED_MODULE_TYPE)) rewritten = true;
      callback(null, out);
    },
    flush(callback) {
      pending += decoder.end();
      callback(null, rewritten ? pending : deferScriptsInHtml(pending, nonce));
    },
  });
}
