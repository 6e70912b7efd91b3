import { truncate } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pngDeclaring } from "../../../scripts/support/hostile-corpus";
import { asPlainHeif, encodeHeic, heifEncMissing, makePhoneJpeg, withDeclaredSize, withIrot } from "../../../tests/setup/heic";
import { FIXTURES_DIR, writeUpload } from "../../../tests/setup/images";
import { ImageRejectedError, MAX_UPLOAD_BYTES, inspectUpload } from "./inspect-upload.server";
import { sniffFormat } from "./sniff-format.server";

const fixture = (name: string) => path.join(FIXTURES_DIR, name);

/** A PNG whose header claims 10000x6000 pixels, in about a hundred bytes: a decompression bomb. */
const pngBomb = () => pngDeclaring(10_000, 6_000);

/** The start of an iPhone photo: an ftyp box with HEIC brands. */
const HEIC_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from("ftypheic\0\0\0\0mif1heic", "ascii"),
  Buffer.alloc(200, 7),
]);

describe("sniffFormat", () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0], "jpeg"],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "png"],
    [[...Buffer.from("GIF89a")], "gif"],
    [[...Buffer.from("RIFF\0\0\0\0WEBPVP8 ")], "webp"],
    [[...Buffer.from("\0\0\0\x1cftypavif\0\0\0\0avifmif1")], "avif"],
    [[...HEIC_HEAD], "heic"],
    [[...Buffer.from('\uFEFF  <?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg">')], "svg"],
    [[...Buffer.from("<html><body>hi</body></html>")], "unknown"],
    [[...Buffer.from("%PDF-1.7")], "unknown"],
    [[...Buffer.from("II*\0")], "unknown"],
  ])("reads %j as %s", (bytes, format) => {
    expect(sniffFormat(Uint8Array.from(bytes))).toBe(format);
  });
});

describe("inspectUpload", () => {
  it.each([
    ["landscape.jpg", "jpeg", 1600, 1067],
    ["tiny.png", "png", 24, 16],
    ["animated.webp", "webp", 32, 32],
  ])("accepts %s", async (name, format, width, height) => {
    expect(await inspectUpload(fixture(name))).toEqual({ format, width, height });
  });

  it("reports the upright size of a photo taken sideways", async () => {
    expect(await inspectUpload(fixture("exif-rotated.jpg"))).toEqual({ format: "jpeg", width: 480, height: 640 });
  });

  it("accepts AVIF and GIF", async () => {
    const base = sharp({ create: { width: 40, height: 30, channels: 3, background: "#804020" } });
    const avif = await writeUpload(await base.clone().avif().toBuffer());
    const gif = await writeUpload(await base.clone().gif().toBuffer());
    expect(await inspectUpload(avif)).toEqual({ format: "avif", width: 40, height: 30 });
    expect(await inspectUpload(gif)).toEqual({ format: "gif", width: 40, height: 30 });
  });

  const refused = async (file: string) => {
    const error = await inspectUpload(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejectedError);
    return (error as Error).message;
  };

  it("refuses a text file named photo.jpg", async () => {
    expect(await refused(fixture("not-really.jpg"))).toMatch(/not a picture.*JPEG, PNG, WebP, AVIF, HEIC or GIF/);
  });

  it("refuses SVG, scripts and all", async () => {
    expect(await refused(fixture("xss.svg"))).toMatch(/SVG drawings are not accepted/);
  });

  it("refuses a file that starts like a HEIC but has no boxes after, as damaged", async () => {
    expect(await refused(await writeUpload(HEIC_HEAD))).toMatch(/could not be read; it may be damaged/);
  });

  it("refuses a JPEG header followed by garbage", async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]);
    expect(await refused(await writeUpload(fake))).toMatch(/could not be read/);
  });

  it("refuses an empty file", async () => {
    expect(await refused(await writeUpload(""))).toMatch(/empty/);
  });

  it("refuses files over 25 MB before decoding them", async () => {
    const file = await writeUpload(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    await truncate(file, MAX_UPLOAD_BYTES + 1);
    expect(await refused(file)).toMatch(/larger than 25 MB/);
  });

  it("refuses a decompression bomb from its header", async () => {
    expect(await refused(await writeUpload(pngBomb()))).toMatch(/more than 50 megapixels/);
  });
});

describe("inspecting bytes in memory (profile pictures)", () => {
  it("applies the same checks as to a file", async () => {
    await expect(inspectUpload(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).rejects.toThrow(/SVG/);
    await expect(inspectUpload(Buffer.alloc(11), 10)).rejects.toThrow(/larger than/);
    const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: "#fff" } }).png().toBuffer();
    expect(await inspectUpload(png)).toEqual({ format: "png", width: 4, height: 3 });
  });
});

const heic = heifEncMissing ? Buffer.alloc(0) : await encodeHeic(await makePhoneJpeg(64, 32));

describe.skipIf(heifEncMissing !== undefined)(heifEncMissing ? `HEIC (skipped: ${heifEncMissing})` : "HEIC", () => {
  const refused = async (input: Buffer) => {
    const error = await inspectUpload(await writeUpload(input)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRejectedError);
    return (error as Error).message;
  };

  it("accepts HEIC by its container, with the size its ispe declares", async () => {
    expect(await inspectUpload(heic)).toEqual({ format: "heic", width: 64, height: 32 });
    // A file that only says mif1 is HEIF: accepted for its HEVC picture, not for its brand.
    expect(await inspectUpload(asPlainHeif(heic))).toEqual({ format: "heic", width: 64, height: 32 });
  });

  it("reports the upright size of a HEIC turned by irot, whatever its EXIF says", async () => {
    expect(await inspectUpload(withIrot(heic, 3))).toEqual({ format: "heic", width: 32, height: 64 });
    expect(await inspectUpload(withIrot(heic, 2))).toEqual({ format: "heic", width: 64, height: 32 });
  });

  it("refuses a HEIC declaring more than the pixel limit, from the container alone", async () => {
    expect(await refused(withDeclaredSize(heic, 40_000, 40_000))).toMatch(/more than 50 megapixels/);
  });

  it("refuses a truncated HEIC as damaged", async () => {
    expect(await refused(heic.subarray(0, heic.length - 100))).toMatch(/could not be read/);
  });
});
