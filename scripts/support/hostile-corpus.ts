// Pictures made to hurt: what a hostile visitor or a broken phone sends. Each comes with the start of the message
// the site must answer it with. Used by the upload tests and `npm run bench:load`; `node scripts/hostile-corpus.ts DIR`
// writes them out to try by hand.
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

export type HostileFile = { name: string; bytes: Buffer; refusal: RegExp };

/** A PNG whose header claims width x height pixels in a few hundred bytes: a decompression bomb. */
export function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(30_001))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * The boxes of a HEIC that declares width x height pixels (its ispe) for an HEVC picture with no data at all: an
 * iPhone-shaped decompression bomb, to be refused from the container before any decoder sees it.
 */
export function heicDeclaring(width: number, height: number): Buffer {
  const box = (type: string, ...parts: Buffer[]) => {
    const body = Buffer.concat(parts);
    const size = Buffer.alloc(4);
    size.writeUInt32BE(8 + body.length);
    return Buffer.concat([size, Buffer.from(type, "latin1"), body]);
  };
  const full = (version: number) => Buffer.from([version, 0, 0, 0]);
  const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  return Buffer.concat([
    box("ftyp", Buffer.from("heic", "latin1"), u32(0), Buffer.from("mif1heic", "latin1")),
    box(
      "meta",
      full(0),
      box("hdlr", full(0), u32(0), Buffer.from("pict", "latin1"), Buffer.alloc(13)),
      box("pitm", full(0), u16(1)),
      box("iinf", full(0), u16(1), box("infe", full(2), u16(1), u16(0), Buffer.from("hvc1", "latin1"), Buffer.from([0]))),
      box("iprp", box("ipco", box("ispe", full(0), u32(width), u32(height))), box("ipma", full(0), u32(1), u16(1), Buffer.from([1, 0x01]))),
    ),
    box("mdat", Buffer.alloc(64)),
  ]);
}

export async function makeHostileCorpus(): Promise<HostileFile[]> {
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#a0522d" } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return [
    { name: "fake.jpg", bytes: Buffer.from("This is a letter, not a photo.\n".repeat(40)), refusal: /not a picture/i },
    {
      name: "script.svg",
      bytes: Buffer.from(
        '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>\n',
      ),
      refusal: /SVG drawings are not accepted/,
    },
    { name: "bomb.png", bytes: pngDeclaring(50_000, 50_000), refusal: /megapixels/ },
    { name: "bomb.heic", bytes: heicDeclaring(30_000, 30_000), refusal: /megapixels/ },
    { name: "truncated.heic", bytes: heicDeclaring(4000, 3000).subarray(0, 150), refusal: /could not be read/ },
    { name: "truncated.jpg", bytes: photo.subarray(0, Math.floor(photo.length / 3)), refusal: /could not be read/ },
    {
      // A real JPEG with a web page after its end: browsers sniffing it, or a misconfigured server, would run it.
      name: "polyglot.jpg",
      bytes: Buffer.concat([photo, Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>")]),
      refusal: /web page code/,
    },
    { name: "empty.jpg", bytes: Buffer.alloc(0), refusal: /empty/i },
    {
      // The start of an iPhone photo (an ftyp box with HEIC brands), then junk instead of its boxes.
      name: "photo.heic",
      bytes: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic", "ascii"), Buffer.alloc(4000, 7)]),
      refusal: /could not be read/,
    },
  ];
}
