import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressBrotliParts, compressParts, crc32Combine, splicedBrotli, splicedGzip, splicedIdentity, splitAtNumber } from "./spliced-page.server";

const page = (number: number, tail = "") =>
  Buffer.from(
    `<html><body><main>${"Plastering and building. ".repeat(400)}</main><footer><p class="mb-0" data-testid="visitor-number">visitor number <!-- -->${number}</p></footer><script>${"window.x = 1; ".repeat(300)}${tail}</script></body></html>`,
  );

describe("a page spliced around its visitor number", () => {
  it("is split only where the footer shows exactly the rendered number, once", () => {
    expect(splitAtNumber(page(41), 41)).not.toBeNull();
    expect(splitAtNumber(page(41), 4)).toBeNull();
    expect(splitAtNumber(page(41), 410)).toBeNull();
    expect(splitAtNumber(page(41), null)).toBeNull();
    expect(splitAtNumber(Buffer.concat([page(41), page(41)]), 41)).toBeNull();
    expect(splitAtNumber(Buffer.from("<p>no number here</p>"), 41)).toBeNull();
  });

  it("decodes with any other number, gzip's CRC and length included, at every level", async () => {
    for (const level of [1, 6, 9]) {
      const parts = await compressParts(splitAtNumber(page(41, "é ✓"), 41)!, level, 2);
      for (const number of [1, 9, 41, 10, 99, 100, 12_345, 999_999_999_999]) {
        const gz = splicedGzip(parts, number);
        // gunzip checks the trailer's CRC-32 and length, and fails on any mismatch.
        expect(zlib.gunzipSync(gz).equals(page(number, "é ✓"))).toBe(true);
        expect(splicedIdentity(parts, number).equals(page(number, "é ✓"))).toBe(true);
      }
    }
  });

  it("sends a number as long as the rendered one with the part after it linked to the part before, which is smaller", async () => {
    // The part after the number repeats the part before, as a page's hydration data repeats the page.
    const photos = Array.from({ length: 300 }, (_, i) => `/media/${(i * 7919) % 10_007}/w960.avif`).join(", ");
    const linkedPage = (number: number) =>
      Buffer.from(`<main>${photos}</main><p data-testid="visitor-number">visitor number <!-- -->${number}</p><script>${photos}</script>`);
    const parts = await compressParts(splitAtNumber(linkedPage(4021), 4021)!, 9, 4);
    expect(parts.gzAfterLinked).not.toBeNull();
    expect(parts.gzAfterLinked!.length).toBeLessThan(parts.gzAfter.length / 4);
    expect(splicedGzip(parts, 5000).length).toBeLessThan(splicedGzip(parts, 50_000).length - 20);
    for (const number of [1000, 4021, 9999, 999, 10_000]) expect(zlib.gunzipSync(splicedGzip(parts, number)).equals(linkedPage(number))).toBe(true);
  });

  it("never links when a back-reference would copy the number's own bytes", async () => {
    // Zero bytes before what follows the number match the zero bytes the compressor is given in the number's place.
    const zeroes = (number: number) => page(number, "\0\0</p></footer><script>window.x = 1;");
    const parts = await compressParts(splitAtNumber(zeroes(41), 41)!, 9, 2);
    expect(parts.gzAfterLinked).toBeNull();
    for (const number of [12, 41, 99]) expect(zlib.gunzipSync(splicedGzip(parts, number)).equals(zeroes(number))).toBe(true);
  });

  it("has a Brotli form that decodes with every number as long as the rendered one, and none for other lengths", async () => {
    for (const [rendered, quality] of [[7, 5], [41, 11], [40_213, 11]] as const) {
      const parts = await compressParts(splitAtNumber(page(rendered, "é ✓"), rendered)!, 9, String(rendered).length);
      parts.br = await compressBrotliParts(parts, quality, String(rendered).length);
      expect(parts.br).not.toBeNull();
      const length = String(rendered).length;
      const first = 10 ** (length - 1);
      // Every number of that length would take long; the first, the last, the rendered one and a spread between.
      const numbers = [first, rendered, 10 * first - 1, ...Array.from({ length: 40 }, (_, i) => first + Math.floor(((9 * first - 1) * i) / 39))];
      for (const number of numbers) {
        const br = splicedBrotli(parts, number)!;
        expect(zlib.brotliDecompressSync(br).equals(page(number, "é ✓"))).toBe(true);
        // About the size of the whole page in Brotli, well under the gzip splice.
        expect(br.length).toBeLessThan(splicedGzip(parts, number).length);
      }
      expect(splicedBrotli(parts, 10 * first)).toBeNull();
      if (length > 1) expect(splicedBrotli(parts, first - 1)).toBeNull();
    }
  });

  it("has no Brotli form when what follows the number could refer back into it", async () => {
    // The stand-in the encoder is given for the number, repeated after it: a back-reference would copy the number.
    const standIn = Buffer.concat([Buffer.alloc(3, 1), Buffer.from("55</p></footer>")]).toString("latin1");
    const tricky = (number: number) => page(number, standIn.repeat(3));
    const parts = await compressParts(splitAtNumber(tricky(41_255), 41_255)!, 9, 5);
    expect(await compressBrotliParts(parts, 11, 5)).toBeNull();
    expect(zlib.gunzipSync(splicedGzip(parts, 12_345)).equals(tricky(12_345))).toBe(true);
  });

  it("combines CRCs as zlib does", () => {
    for (const [a, b] of [[0, 0], [1, 1], [100, 5], [70_000, 65_537], [3, 1_000_000]] as const) {
      const left = randomBytes(a);
      const right = randomBytes(b);
      expect(crc32Combine(zlib.crc32(left), zlib.crc32(right), right.length)).toBe(zlib.crc32(Buffer.concat([left, right])));
    }
  });
});
