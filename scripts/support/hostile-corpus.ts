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
    { name: "truncated.jpg", bytes: photo.subarray(0, Math.floor(photo.length / 3)), refusal: /could not be read/ },
    {
      // A real JPEG with a web page after its end: browsers sniffing it, or a misconfigured server, would run it.
      name: "polyglot.jpg",
      bytes: Buffer.concat([photo, Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>")]),
      refusal: /web page code/,
    },
    { name: "empty.jpg", bytes: Buffer.alloc(0), refusal: /empty/i },
    {
      // The start of an iPhone photo: an ftyp box with HEIC brands, then image data the site cannot decode.
      name: "photo.heic",
      bytes: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic", "ascii"), Buffer.alloc(4000, 7)]),
      refusal: /HEIC/,
    },
  ];
}
