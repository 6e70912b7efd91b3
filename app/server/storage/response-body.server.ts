import { Readable } from "node:stream";
import type { StoredObject } from "./storage-contract.server";

/**
 * The body of a response that sends a stored object, tied to the request's life: a HEAD request gets no body and
 * the object's stream is closed at once (React Router drops a HEAD response's body without cancelling it), and a
 * client that goes away mid-download closes it too. An S3 stream left open holds one of the client's pooled
 * sockets for good; fifty of them and every later read from the bucket waits forever.
 */
export function toResponseBody(request: Request, object: StoredObject): ReadableStream<Uint8Array> | null {
  if (request.method === "HEAD" || request.signal.aborted) {
    object.body.destroy();
    return null;
  }
  const release = () => object.body.destroy();
  request.signal.addEventListener("abort", release, { once: true });
  object.body.once("close", () => request.signal.removeEventListener("abort", release));
  return Readable.toWeb(object.body) as ReadableStream<Uint8Array>;
}
