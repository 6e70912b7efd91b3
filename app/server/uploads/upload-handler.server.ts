import { FileStore } from "@tus/file-store";
import { Server } from "@tus/server";
import type express from "express";
import { randomBytes } from "node:crypto";
import { MAX_UPLOAD_BYTES } from "../images/inspect-upload.server";

/** Where the tus endpoint is mounted; the browser's tus client posts here. */
export const UPLOADS_PATH = "/api/uploads";

/**
 * Decides whether a request may upload. Return (or resolve) to allow; throw a Response to refuse, as the
 * route guards (requireAdmin) do. It sees the method, URL and headers (cookies included), not the body.
 */
export type AuthorizeUpload = (request: Request) => unknown;

/** Until a real guard is passed in, nobody may upload. */
const refuseAllUploads: AuthorizeUpload = () => {
  throw new Response("Sign in as an admin to upload images.", {
    status: 401,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
};

export type UploadHandlerOptions = {
  /** DATA_DIR/tus in the app (getUploadDirectory). */
  directory: string;
  authorize?: AuthorizeUpload;
  maxSize?: number;
  /** Origins allowed to call from a browser; the site's own origin. */
  allowedOrigins?: string[];
};

function toFetchRequest(req: express.Request): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return new Request(new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`), {
    method: req.method,
    headers,
  });
}

async function sendFetchResponse(res: express.Response, response: Response): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * Resumable uploads (the tus protocol) for files the browser sends in pieces, so a dropped connection
 * resumes where it stopped: POST creates an upload, PATCH appends bytes at the offset HEAD reports.
 * Every request except the CORS preflight passes `authorize` first. Bytes go to `directory` and nowhere
 * else; finished files are picked up with takeCompletedUpload, and nothing here decodes or serves them
 * (GET, which tus would answer with the raw file, is refused).
 */
export function createUploadHandler(options: UploadHandlerOptions): express.RequestHandler {
  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: new FileStore({ directory: options.directory }),
    maxSize: options.maxSize ?? MAX_UPLOAD_BYTES,
    relativeLocation: true,
    allowedOrigins: options.allowedOrigins,
    namingFunction: () => randomBytes(16).toString("hex"),
  });
  const authorize = options.authorize ?? refuseAllUploads;

  return async (req, res, next) => {
    try {
      if (req.method === "GET") {
        res.status(405).set("Allow", "POST, HEAD, PATCH, DELETE, OPTIONS").type("text/plain").send("Method not allowed");
        return;
      }
      if (req.method !== "OPTIONS") {
        try {
          await authorize(toFetchRequest(req));
        } catch (refusal) {
          if (!(refusal instanceof Response)) throw refusal;
          await sendFetchResponse(res, refusal);
          return;
        }
      }
      // Express strips the mount path; tus reads upload ids from the full path.
      req.url = req.originalUrl;
      await tus.handle(req, res);
    } catch (error) {
      next(error);
    }
  };
}
