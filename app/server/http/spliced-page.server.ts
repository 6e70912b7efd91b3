import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * A kept page in two parts around the visitor number its footer shows, so that any other number can be put in at
 * send time without rendering or compressing again: what makes a first visit (which counts the visitor and shows
 * their own number) cost about what a returning visit does.
 *
 * The gzip form: the part before the number is compressed (raw deflate) ending with a full flush, which ends on a
 * byte boundary; the number follows as a stored (uncompressed) block; the part after it ends the stream. The gzip
 * header is fixed, and the trailer's CRC-32 is combined from the parts' CRCs in a few microseconds (crc32Combine),
 * never recomputed over the page.
 *
 * The part after the number (the rest of the footer and the page's hydration data, which repeats much of the page)
 * is compressed twice. Once linked to what precedes it: deflate's back-references may reach 32 KB into the part
 * before, which saves about 2 KB on a page with photos, but their distances count the number's bytes, so this form
 * only serves a number of the same length as the rendered one (nearly every visit: the numbers sent are close
 * to the latest count). The number's bytes are given to the compressor as zero bytes, which no page contains, and
 * the result is checked by decoding it with other bytes there, so no back-reference copies the number. Once on
 * its own, for a number of any other length.
 *
 * The Brotli form (made with the best compression, in the background): one Brotli stream of the part before, a
 * stand-in for the number and the part after, flushed after the first two, so each ends on a byte boundary and the
 * stand-in is a meta-block of its own. At send time that meta-block is swapped for an uncompressed meta-block
 * holding the number. What the part after needs from the decoder is then the same, except for two things the
 * number could change: a back-reference into the number's bytes, and the context of the first letters after it
 * (Brotli picks a letter's code by the two bytes before it). Both are checked when the parts are made, by decoding
 * the whole page with every pair of last digits and every other digit changed; a page that fails any of these
 * has no Brotli form and goes out gzipped, as do numbers of another length than the rendered one.
 *
 * Only the visible footer text is spliced. The number in the page's hydration data stays the rendered one; the
 * footer's paragraph has suppressHydrationWarning, so React keeps the text the server sent.
 */

/** What the footer writes (components/layout/site-footer.tsx) up to the number. */
const NUMBER_PREFIX = Buffer.from(`data-testid="visitor-number">visitor number <!-- -->`);

export type SplicedParts = {
  before: Buffer;
  after: Buffer;
  gzBefore: Buffer;
  /** The part after the number compressed on its own: serves a number of any length. */
  gzAfter: Buffer;
  /** The part after the number compressed with back-references into the part before, for a number of `linkedDigits` digits; null if that did not check out. */
  gzAfterLinked: Buffer | null;
  linkedDigits: number;
  /** The Brotli form, for a number of `digits` digits; null until the best compression, or when it did not check out. */
  br: SplicedBrotli | null;
  crcBefore: number;
  crcAfter: number;
  /** x^(8 × after.length) modulo the CRC polynomial: what crc32Combine needs for the part after the number. */
  afterShift: number;
};

const deflateRaw = promisify(zlib.deflateRaw);

/** The page split around the footer's number, or null when it does not show exactly this number exactly once. */
export function splitAtNumber(body: Buffer, number: number | null): { before: Buffer; after: Buffer } | null {
  if (number === null) return null;
  const at = body.indexOf(NUMBER_PREFIX);
  if (at < 0 || body.indexOf(NUMBER_PREFIX, at + 1) >= 0) return null;
  const start = at + NUMBER_PREFIX.length;
  const digits = String(number);
  if (body.toString("latin1", start, start + digits.length + 1) !== `${digits}<`) return null;
  return { before: body.subarray(0, start), after: body.subarray(start + digits.length) };
}

const inflateRaw = promisify(zlib.inflateRaw);

/** Deflate's window: the farthest back a reference reaches. */
const WINDOW = 32 * 1024;

/** The last 32 KB the decoder holds when the part after the number starts, with the number's bytes set to `fill`. */
function windowBeforeAfter(before: Buffer, digits: number, fill: number): Buffer {
  const number = Buffer.alloc(digits, fill);
  const kept = before.subarray(Math.max(0, before.length - (WINDOW - digits)));
  return Buffer.concat([kept, number]);
}

/** The part after the number, linked to the part before for a number of this many digits; null unless it checks out. */
async function compressLinked(parts: { before: Buffer; after: Buffer }, level: number, digits: number): Promise<Buffer | null> {
  const linked = await deflateRaw(parts.after, { level, dictionary: windowBeforeAfter(parts.before, digits, 0) });
  try {
    // Decoded with different bytes where the number goes: equal only if no back-reference touched the number.
    const decoded = await inflateRaw(linked, { dictionary: windowBeforeAfter(parts.before, digits, 0x31) });
    return decoded.equals(parts.after) ? linked : null;
  } catch {
    return null;
  }
}

/**
 * Compresses the two parts for splicing, at the given deflate level (views into the page's body are kept as they are).
 * `digits` is the length of the number most visits will get: the rendered one's.
 */
export async function compressParts(parts: { before: Buffer; after: Buffer }, level: number, digits: number): Promise<SplicedParts> {
  const [gzBefore, gzAfter, gzAfterLinked] = await Promise.all([
    deflateRaw(parts.before, { level, finishFlush: zlib.constants.Z_FULL_FLUSH }),
    deflateRaw(parts.after, { level }),
    compressLinked(parts, level, digits),
  ]);
  return {
    ...parts,
    gzBefore,
    gzAfter,
    gzAfterLinked,
    linkedDigits: digits,
    br: null,
    crcBefore: zlib.crc32(parts.before),
    crcAfter: zlib.crc32(parts.after),
    afterShift: x2nModP(parts.after.length, 3),
  };
}

export type SplicedBrotli = { before: Buffer; after: Buffer; digits: number };

/** Brotli-compresses the segments as one stream, flushed after each but the last; returns each one's output. */
function brotliSegments(segments: Buffer[], quality: number): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const total = segments.reduce((sum, segment) => sum + segment.length, 0);
    const encoder = zlib.createBrotliCompress({
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: total,
      },
    });
    const outputs: Buffer[][] = segments.map(() => []);
    let current = 0;
    encoder.on("data", (chunk: Buffer) => outputs[current]!.push(chunk));
    encoder.on("error", reject);
    encoder.on("end", () => resolve(outputs.map((chunks) => Buffer.concat(chunks))));
    const write = (index: number) => {
      current = index;
      if (index === segments.length - 1) {
        encoder.end(segments[index]);
        return;
      }
      encoder.write(segments[index]);
      encoder.flush(zlib.constants.BROTLI_OPERATION_FLUSH, () => write(index + 1));
    };
    write(0);
  });
}

/**
 * An uncompressed Brotli meta-block holding these bytes (RFC 7932, 9.2): ISLAST 0, MNIBBLES 4 (coded 0), MLEN - 1
 * in 16 bits, ISUNCOMPRESSED 1, padding to the byte; then the bytes. It follows a flush, so it starts on a byte.
 */
function uncompressedMetaBlock(bytes: Buffer): Buffer {
  const header = ((bytes.length - 1) << 3) | (1 << 19);
  return Buffer.concat([Buffer.from([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff]), bytes]);
}

const brotliDecompress = promisify(zlib.brotliDecompress);

/**
 * The Brotli form of a page split around a number of `digits` digits (up to 15), or null when the splice would not
 * decode right for every number of that length (see the comment at the top).
 */
export async function compressBrotliParts(parts: { before: Buffer; after: Buffer }, quality: number, digits: number): Promise<SplicedBrotli | null> {
  if (!Number.isInteger(digits) || digits < 1 || digits > 15) return null;
  // The stand-in: bytes no page holds, so nothing refers back to them, ending in two digits for the letter context.
  const standIn = Buffer.alloc(digits, 1);
  standIn.write("55".slice(0, Math.min(2, digits)), Math.max(0, digits - 2), "latin1");
  const [before, , after] = await brotliSegments([parts.before, standIn, parts.after], quality);
  const spliced: SplicedBrotli = { before: before!, after: after!, digits };
  // Every last digit, or every pair of last two, with each earlier digit unlike the stand-in's. One at a time, so the
  // check takes one thread of the pool, as the best compression does (best-compression.server.ts).
  const checks = digits === 1 ? 10 : 100;
  for (let last = 0; last < checks; last++) {
    const number = Buffer.from(`${"3".repeat(Math.max(0, digits - 2))}${String(last).padStart(2, "0")}`.slice(-digits), "latin1");
    try {
      const decoded = await brotliDecompress(splicedBrotliBytes(spliced, number));
      if (!decoded.equals(Buffer.concat([parts.before, number, parts.after]))) return null;
    } catch {
      return null;
    }
  }
  return spliced;
}

function splicedBrotliBytes(br: SplicedBrotli, digits: Buffer): Buffer {
  return Buffer.concat([br.before, uncompressedMetaBlock(digits), br.after]);
}

/** The whole page in Brotli with this number, or null when the page has no Brotli form for a number this long. */
export function splicedBrotli(parts: SplicedParts, number: number): Buffer | null {
  const digits = Buffer.from(String(number), "latin1");
  if (!parts.br || digits.length !== parts.br.digits) return null;
  return splicedBrotliBytes(parts.br, digits);
}

// Gzip header: deflate, no flags, no time, no extra flags, OS "unix" (as Node's own gzip writes it).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/** The whole page, uncompressed, with this number. */
export function splicedIdentity(parts: SplicedParts, number: number): Buffer {
  return Buffer.concat([parts.before, Buffer.from(String(number), "latin1"), parts.after]);
}

/** The whole page gzipped, with this number: a handful of small copies and a CRC combination. */
export function splicedGzip(parts: SplicedParts, number: number): Buffer {
  const digits = Buffer.from(String(number), "latin1");
  // A stored block that is not the last: BFINAL 0 and BTYPE 00 fill the first byte (the stream is byte-aligned
  // after the full flush), then LEN and its one's complement, little-endian.
  const stored = Buffer.alloc(5);
  stored.writeUInt16LE(digits.length, 1);
  stored.writeUInt16LE(~digits.length & 0xffff, 3);
  const crc = (multModP(parts.afterShift, zlib.crc32(digits, parts.crcBefore)) ^ parts.crcAfter) >>> 0;
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE((parts.before.length + digits.length + parts.after.length) >>> 0, 4);
  const after = parts.gzAfterLinked && digits.length === parts.linkedDigits ? parts.gzAfterLinked : parts.gzAfter;
  return Buffer.concat([GZIP_HEADER, parts.gzBefore, stored, digits, after, trailer]);
}

// CRC-32 of two pieces from the CRCs of each (zlib's crc32_combine, by multiplication modulo the polynomial).
const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X2N: number[] = [];
for (let n = 0, p = 0x40000000; n < 32; n++) {
  X2N.push(p);
  p = multModP(p, p);
}

function x2nModP(n: number, k: number): number {
  let p = 0x80000000;
  while (n) {
    if (n & 1) p = multModP(X2N[k & 31]!, p);
    n = Math.floor(n / 2);
    k += 1;
  }
  return p;
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and B's length. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(x2nModP(lengthB, 3), crcA) ^ crcB) >>> 0;
}
