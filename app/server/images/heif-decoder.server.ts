import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";

/** Decoded pixels, upright (libheif applies the file's irot and imir), 8 bits, interleaved RGB or RGBA. */
export type DecodedHeif = { data: Buffer; width: number; height: number; channels: 3 | 4 };

/**
 * The worker's code. libheif-js (libheif with libde265 for HEVC, compiled to WebAssembly) runs synchronously, so
 * it runs on a thread of its own, never on the one answering requests. Written as plain CommonJS, evaluated by
 * the Worker itself, so it works the same from the TypeScript sources and from the server build. Each worker
 * decodes one file and exits: a WebAssembly memory only ever grows, and ending the thread gives all of it back.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const factory = require(workerData.libheifJs);
(async () => {
  const libheif = factory({ wasmBinary: workerData.wasm });
  const decoder = new libheif.HeifDecoder();
  const images = decoder.decode(workerData.bytes);
  const image = images.find((candidate) => candidate.is_primary()) || images[0];
  if (!image) throw new Error("no image in the file");
  const channels = image.has_alpha_channel() ? 4 : 3;
  const decoded = await libheif.heif_js_decode_image2(
    image.handle,
    libheif.heif_colorspace_RGB,
    channels === 4 ? libheif.heif_chroma_interleaved_RGBA : libheif.heif_chroma_interleaved_RGB,
  );
  if (!decoded || decoded.code || !decoded.channels || !decoded.channels[0]) throw new Error("the picture could not be decoded");
  const plane = decoded.channels[0];
  const row = plane.width * channels;
  const out = new Uint8Array(row * plane.height);
  for (let y = 0; y < plane.height; y++) out.set(plane.data.subarray(y * plane.stride, y * plane.stride + row), y * row);
  const result = { data: out, width: plane.width, height: plane.height, channels };
  libheif.heif_image_release(decoded.image);
  for (const each of images) each.free();
  libheif.heif_context_free(decoder.decoder);
  parentPort.postMessage(result, [out.buffer]);
})().catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

const require = createRequire(import.meta.url);
let libheifFiles: { js: string; wasm: Uint8Array } | null = null;

/** libheif-js's WebAssembly build: its loader module and its binary, read once. */
function getLibheif() {
  if (!libheifFiles) {
    const js = require.resolve("libheif-js/libheif-wasm/libheif.js");
    libheifFiles = { js, wasm: readFileSync(path.join(path.dirname(js), "libheif.wasm")) };
  }
  return libheifFiles;
}

/**
 * Decodes an HEIF file's primary picture on a worker thread. Call it only after readHeifPrimary's checks (the
 * codec, the declared size within the pixel limit), and inside the decode queue like every other decode.
 */
export function decodeHeif(bytes: Uint8Array): Promise<DecodedHeif> {
  const { js, wasm } = getLibheif();
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // None of the process's own flags: the production server runs as `--input-type=module --eval`, which would make
      // this CommonJS source an ES module without require (and its memory caps are for the main thread).
      execArgv: [],
      workerData: { libheifJs: js, wasm, bytes },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.once("message", (message: { error?: string } & Partial<Omit<DecodedHeif, "data">> & { data?: Uint8Array }) => {
      if (message.error || !message.data || !message.width || !message.height || !message.channels) {
        settle(() => reject(new Error(`HEIF decode failed: ${message.error ?? "no pixels"}`)));
        return;
      }
      const { data, width, height, channels } = message;
      settle(() => resolve({ data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height, channels }));
    });
    worker.once("error", (error) => settle(() => reject(error)));
    worker.once("exit", (code) => settle(() => reject(new Error(`HEIF decoder stopped (exit code ${code})`))));
  });
}
