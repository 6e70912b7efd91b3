import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";

/**
 * HEIC test pictures, made at test time with Debian's heif-enc (package libheif-examples; .ci/run installs it).
 * Where it is missing, heifEncMissing says why and the tests that need it are skipped under that name.
 */
const HEIF_ENC = process.env.HEIF_ENC ?? "heif-enc";
const run = promisify(execFile);

export const heifEncMissing: string | undefined = await run(HEIF_ENC, ["--help"]).then(
  () => undefined,
  (error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? "heif-enc is not installed (Debian package libheif-examples)" : undefined),
);

/** A landscape photo, red on its left half and blue on its right, with EXIF Orientation 6 and a GPS position. */
export async function makePhoneJpeg(width = 64, height = 32): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 255;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 34/1 2/1", GPSLongitudeRef: "W", GPSLongitude: "1/1 28/1 0/1" } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** heif-enc's HEIC of a JPEG: the JPEG's pixels as they are (no irot), with its EXIF block (GPS included) copied in. */
export async function encodeHeic(jpeg: Buffer, quality = 80): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "heic-"));
  try {
    await writeFile(path.join(dir, "in.jpg"), jpeg);
    await run(HEIF_ENC, ["-q", String(quality), path.join(dir, "in.jpg"), "-o", path.join(dir, "out.heic")]);
    return await readFile(path.join(dir, "out.heic"));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * heif-enc writes no irot box, so one is made here by editing the container: the primary picture's colr property
 * (heif-enc always writes one, associated with the primary item) becomes an irot of the same size, its first byte
 * the angle in counter-clockwise quarter turns. Same size, so no other box or offset moves. 3 = a quarter turn
 * clockwise, an iPhone held upright.
 */
export function withIrot(heic: Buffer, quarterTurnsCcw: 1 | 2 | 3): Buffer {
  const copy = Buffer.from(heic);
  const ipco = copy.indexOf("ipco");
  const colr = copy.indexOf("colr", ipco);
  if (ipco < 0 || colr < 0) throw new Error("no colr property to turn into irot");
  copy.write("irot", colr, "latin1");
  copy[colr + 4] = quarterTurnsCcw;
  return copy;
}

/** The EXIF block stored inside a HEIC (its TIFF header onwards), to show a fixture really carries GPS. */
export function exifInside(heic: Buffer): Buffer | null {
  const start = Math.max(heic.indexOf("II*\0", 0, "latin1"), heic.indexOf("MM\0*", 0, "latin1"));
  return start < 0 ? null : heic.subarray(start);
}

/** Every ispe box (the declared sizes) rewritten to width x height, the picture data left as it was. */
export function withDeclaredSize(heic: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(heic);
  for (let at = copy.indexOf("ispe"); at >= 0; at = copy.indexOf("ispe", at + 4)) {
    copy.writeUInt32BE(width, at + 8);
    copy.writeUInt32BE(height, at + 12);
  }
  return copy;
}

/** The major brand replaced, and the heic compatible brand too, leaving a file that only says mif1 (HEIF). */
export function asPlainHeif(heic: Buffer): Buffer {
  const copy = Buffer.from(heic);
  const ftypEnd = copy.readUInt32BE(0);
  for (let at = copy.indexOf("heic"); at >= 0 && at < ftypEnd; at = copy.indexOf("heic", at + 4)) copy.write("mif1", at, "latin1");
  return copy;
}
