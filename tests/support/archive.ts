import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { gunzipSync, gzipSync } from "node:zlib";
import tar from "tar-stream";
import type { Manifest } from "~/server/backup/backup-manifest.server";

export type ArchiveEntry = { name: string; data: Buffer };

/** Every entry of a (small, test-made) backup archive, in order, in memory. */
export async function readArchive(file: string): Promise<ArchiveEntry[]> {
  const extract = tar.extract();
  const entries: ArchiveEntry[] = [];
  const done = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      entries.push({ name: entry.header.name, data: Buffer.concat(chunks) });
    }
  })();
  extract.end(gunzipSync(await readFile(file)));
  await done;
  return entries;
}

/**
 * Writes entries back as an archive; with `consistent`, the manifest is made to agree with them (sizes, SHA-256,
 * row counts), as a careful forger or a bug in the writer would make it, so only a deeper check can refuse it.
 */
export async function writeArchive(file: string, entries: ArchiveEntry[], { consistent = true }: { consistent?: boolean } = {}): Promise<void> {
  let list = entries;
  if (consistent) {
    const others = entries.filter((entry) => entry.name !== "manifest.json");
    const manifest = JSON.parse(entries.find((entry) => entry.name === "manifest.json")!.data.toString("utf8")) as Manifest;
    manifest.entries = others.map((entry) => ({ name: entry.name, size: entry.data.length, sha256: createHash("sha256").update(entry.data).digest("hex") }));
    for (const table of manifest.tables) {
      const data = others.find((entry) => entry.name === table.entry)?.data ?? Buffer.alloc(0);
      table.rows = data.toString("utf8").split("\n").filter((line) => line !== "").length;
    }
    list = [...others, { name: "manifest.json", data: Buffer.from(JSON.stringify(manifest)) }];
  }
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const collected = (async () => {
    for await (const chunk of pack) chunks.push(chunk as Buffer);
  })();
  for (const entry of list) pack.entry({ name: entry.name, size: entry.data.length }, entry.data);
  pack.finalize();
  await collected;
  await writeFile(file, gzipSync(Buffer.concat(chunks)));
}
