import type { NextFunction, Request, Response } from "express";
import { ENQUIRY_LIMITS } from "~/lib/enquiry-form";
import { REVIEW_LIMITS } from "~/lib/reviews";
import { QUOTE_BODY_MAX_BYTES } from "../enquiries/quote-body.server";

const QUOTE_PHOTO_MAX_MB = ENQUIRY_LIMITS.photoBytes / 1024 / 1024;

/** What an ordinary form may send: every field of every form on the site fits many times over. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * A route that may receive more than the default. `path` matches the pathname, without React Router's `.data` suffix;
 * `advice` replaces the 413 page's general "send less" with what to do on that form.
 */
export type BodyLimit = { path: RegExp; bytes: number; advice?: string };

/**
 * Routes allowed larger bodies. Add a route here when it takes files; everything else gets DEFAULT_BODY_LIMIT.
 * The profile picture is at most 10 MB (AVATAR_MAX_BYTES); the rest is room for the multipart envelope, so the
 * profile action can still answer a slightly-too-large picture with its own message.
 */
export const BODY_LIMITS: BodyLimit[] = [
  { path: /^\/profile$/, bytes: 11 * 1024 * 1024 },
  // The quote form: up to six photos (QUOTE_BODY_MAX_BYTES); its parser also counts each photo and the total.
  {
    path: /^\/contact(\/quote)?$/,
    bytes: QUOTE_BODY_MAX_BYTES,
    advice: `The photos were too large to send together. Please go back, choose fewer or smaller photos (at most ${QUOTE_PHOTO_MAX_MB} MB each), and send again.`,
  },
  // A review with up to four photos (the quote form's per-photo limit), through its single-use link.
  {
    path: /^\/review\/[A-Za-z0-9_-]+$/,
    bytes: REVIEW_LIMITS.photos * ENQUIRY_LIMITS.photoBytes + 1024 * 1024,
    advice: `The photos were too large to send together. Please go back, choose fewer or smaller photos (at most ${QUOTE_PHOTO_MAX_MB} MB each), and send again.`,
  },
  // The content editor: a whole document in one post, so that a field past its limit (a paragraph of 100 KB, say)
  // is refused by the editor with the field named and everything typed kept, not by a bare 413.
  {
    path: /^\/manage\/content\/[a-z-]+(\/autosave)?$/,
    bytes: 2 * 1024 * 1024,
    advice: "This page's texts are too long to save together. Please go back and shorten the longest of them.",
  },
  // The project editor: its whole form, or (without JavaScript) its upload form with one photo (readUploadPost).
  {
    path: /^\/manage\/projects\/[0-9a-f-]{36}$/,
    bytes: ENQUIRY_LIMITS.photoBytes + 1024 * 1024,
    advice: `The photo is too large to send. Please go back and choose one of at most ${QUOTE_PHOTO_MAX_MB} MB.`,
  },
];

/** The entry for a request path: the first matching one of the table, or the default. */
export function findBodyLimit(pathname: string, table: BodyLimit[] = BODY_LIMITS): BodyLimit {
  const path = pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/").replace(/(.)\/+$/, "$1");
  return table.find((entry) => entry.path.test(path)) ?? { path: /.*/, bytes: DEFAULT_BODY_LIMIT };
}

/** The byte cap for a request path. */
export function getBodyLimit(pathname: string, table: BodyLimit[] = BODY_LIMITS): number {
  return findBodyLimit(pathname, table).bytes;
}

const TOO_LARGE = "What was sent is larger than this page accepts. Please go back and send less.";

const tooLargePage = (advice = TOO_LARGE) => `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>413 Request too large</title>
<style>body{font-family:system-ui,sans-serif;line-height:1.5;max-width:40rem;margin:2rem auto;padding:0 1rem}</style></head>
<body><h1>Request too large</h1><p>${advice}</p>
<p><a href="/">Go to the home page</a></p></body></html>
`;

/** After refusing, at most this much more of the body is read (and dropped) while the client takes in the answer. */
const MAX_DRAIN_BYTES = 8 * 1024 * 1024;
const MAX_DRAIN_MS = 5000;

function refuse(req: Request, res: Response, advice?: string) {
  if (res.headersSent) {
    req.destroy();
    return;
  }
  // A post made by the hydrated page (React Router's `.data` request) gets the sentence alone, which the page's error
  // screen shows as it is; a page of HTML would be shown there as its source.
  if (req.path.endsWith(".data")) res.status(413).set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end(advice ?? TOO_LARGE);
  else res.status(413).set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).end(tooLargePage(advice));
  // Closing at once while the client is still sending makes its system answer with a reset, and many clients then
  // report the reset rather than the 413 they have received. So what it still sends is read and dropped (never
  // buffered), and the connection is closed once the body ends, or after 8 MB or five seconds more at most.
  req.unpipe();
  req.removeAllListeners("data");
  const socket = req.socket;
  const timer = setTimeout(() => socket.destroy(), MAX_DRAIN_MS);
  timer.unref();
  let drained = 0;
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > MAX_DRAIN_BYTES) socket.destroy();
  });
  req.once("end", () => {
    clearTimeout(timer);
    socket.end();
  });
  req.resume();
}

/**
 * Caps request bodies as they arrive (chunked ones included), before any route reads them: a declared
 * Content-Length over the cap is refused at once; otherwise the bytes are counted, and at the first byte over
 * the cap the client gets 413 and the body stream ends in an error, so a route reading it stops there.
 * Mount it after routes with limits of their own (the tus upload endpoint).
 */
export function bodyLimit(table: BodyLimit[] = BODY_LIMITS) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const { bytes: limit, advice } = findBodyLimit(req.path, table);
    const declared = Number(req.get("content-length") ?? Number.NaN);
    if (declared > limit) return refuse(req, res, advice);

    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) return;
      req.off("data", count);
      // Whoever reads the body (React Router's request stream) sees it fail, so a half-read form is never used.
      if (req.listenerCount("error") > 0) req.emit("error", Object.assign(new Error("Request body too large"), { status: 413 }));
      refuse(req, res, advice);
    };
    req.on("data", count);
    // Listening for data starts the flow; pause again, so the bytes wait until the route reads them.
    req.pause();
    next();
  };
}
