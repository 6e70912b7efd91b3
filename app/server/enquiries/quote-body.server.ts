import busboy from "busboy";
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { ENQUIRY_LIMITS } from "~/lib/enquiry-form";

/**
 * Reads a quote form's body as a stream, never whole into memory: text fields into strings (at most 32 KB each),
 * photos straight to temporary files, with a size limit per photo, a count limit, a limit on all photos together,
 * and a hard limit on the whole body. Fields come first in the page, so they are known even when photos are refused.
 */

/** The most a quote request may send: every photo at its limit, plus the text fields. */
export const QUOTE_BODY_MAX_BYTES = ENQUIRY_LIMITS.photos * ENQUIRY_LIMITS.photoBytes + 1024 * 1024;
const FIELD_MAX_BYTES = 32 * 1024;

export type ReceivedPhoto = { file: string; name: string; size: number };

export type QuoteBody = {
  fields: Record<string, string>;
  photos: ReceivedPhoto[];
  /** Names of photos over the per-photo limit (not kept). */
  oversized: string[];
  tooMany: boolean;
  /** The photos together passed the limit; the ones after it were not kept. */
  tooLargeTogether: boolean;
  /** Removes the temporary files. */
  cleanup(): Promise<void>;
};

/** The body was larger than any quote request can be (answered 413). */
export class BodyTooLargeError extends Error {
  constructor() {
    super("Request body too large");
    this.name = "BodyTooLargeError";
  }
}

/** The body was not a form at all (answered 400). */
export class NotAFormError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NotAFormError";
  }
}

/** A photo's name as the owner sees it: no folders, no control characters, at most 120 characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = [...base].filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127).join("").trim();
  return cleaned.slice(0, 120) || "photo";
}

export type QuoteBodyOptions = {
  /** false (a request already refused, say): photos are read and thrown away, never written to disk. */
  keepFiles?: boolean;
  /** At most this many photos (the review form takes fewer than the quote form). */
  maxPhotos?: number;
};

/** Also reads the review form (app/server/reviews/receive-review.server.ts), which sends the same kind of body. */
export async function readQuoteBody(request: Request, tempRoot: string, { keepFiles = true, maxPhotos = ENQUIRY_LIMITS.photos }: QuoteBodyOptions = {}): Promise<QuoteBody> {
  const contentType = request.headers.get("content-type") ?? "";
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > QUOTE_BODY_MAX_BYTES) throw new BodyTooLargeError();
  if (!request.body || !/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType)) {
    throw new NotAFormError("Expected a form");
  }

  const dir = path.join(tempRoot, randomUUID());
  await mkdir(dir, { recursive: true });
  const body: QuoteBody = {
    fields: {},
    photos: [],
    oversized: [],
    tooMany: false,
    tooLargeTogether: false,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: {
        fields: 30,
        fieldSize: FIELD_MAX_BYTES,
        files: maxPhotos,
        fileSize: ENQUIRY_LIMITS.photoBytes,
        parts: 50,
        headerPairs: 20,
      },
    });
  } catch (error) {
    await body.cleanup();
    throw new NotAFormError((error as Error).message);
  }

  let total = 0;
  let photoBytes = 0;
  let fileCount = 0;
  const writes: Promise<void>[] = [];
  parser.on("field", (name, value) => {
    if (!(name in body.fields)) body.fields[name] = value;
  });
  parser.on("filesLimit", () => {
    body.tooMany = true;
  });
  parser.on("file", (name, stream, info) => {
    // An empty file input still sends a part with no name and no bytes.
    if (name !== "photos" || !info.filename) {
      stream.resume();
      return;
    }
    if (body.tooLargeTogether || !keepFiles) {
      if (!keepFiles) body.photos.push({ file: "", name: cleanFileName(info.filename), size: 0 });
      stream.resume();
      return;
    }
    const file = path.join(dir, String(fileCount++));
    const photo: ReceivedPhoto = { file, name: cleanFileName(info.filename), size: 0 };
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        photo.size += chunk.length;
        photoBytes += chunk.length;
        callback(null, chunk);
      },
    });
    writes.push(
      pipeline(stream, counter, createWriteStream(file)).then(async () => {
        if ((stream as { truncated?: boolean }).truncated) {
          body.oversized.push(photo.name);
          await rm(file, { force: true });
        } else if (photo.size > 0) {
          if (photoBytes > ENQUIRY_LIMITS.photosBytes) body.tooLargeTogether = true;
          else body.photos.push(photo);
        }
      }),
    );
  });

  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > QUOTE_BODY_MAX_BYTES) callback(new BodyTooLargeError());
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(source, limiter, parser);
    await Promise.all(writes);
  } catch (error) {
    await Promise.allSettled(writes);
    await body.cleanup();
    if (error instanceof BodyTooLargeError) throw error;
    throw new NotAFormError((error as Error).message);
  }
  // Photos in the order they were chosen, whatever order their writes finished in.
  body.photos.sort((a, b) => Number(path.basename(a.file)) - Number(path.basename(b.file)));
  return body;
}
