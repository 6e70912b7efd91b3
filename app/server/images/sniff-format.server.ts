/** What the first bytes of a file say it is, whatever its name or the browser claimed. */
export type SniffedFormat = "jpeg" | "png" | "webp" | "gif" | "avif" | "heic" | "svg" | "unknown";

/** Bytes to read from the start of a file for sniffFormat. */
export const SNIFF_BYTES = 512;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

// ISO base media files (AVIF, HEIC) start with an ftyp box: size, "ftyp", major brand, version, compatible brands.
const AVIF_BRANDS = new Set(["avif", "avis"]);
const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]);

function sniffIsoBrand(bytes: Uint8Array): SniffedFormat | null {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return null;
  const boxSize = ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(bytes.length, Math.max(16, boxSize));
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return "avif";
  if (brands.some((brand) => HEIF_BRANDS.has(brand))) return "heic";
  return "unknown";
}

/**
 * Decides by magic numbers, before any decoder sees the file, so that only the formats we accept ever
 * reach libvips (which could otherwise parse SVG, PDF, TIFF and more).
 */
export function sniffFormat(bytes: Uint8Array): SniffedFormat {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  const iso = sniffIsoBrand(bytes);
  if (iso) return iso;
  // SVG is XML text: a BOM, whitespace or comments may come before the first tag.
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes).replace(/^\uFEFF/, "").trimStart();
  if (text.startsWith("<") && /<svg[\s>]/i.test(text)) return "svg";
  return "unknown";
}
