// Writes the hostile-upload corpus (scripts/support/hostile-corpus.ts) to a folder, to try through the site by hand.
// Usage: node scripts/hostile-corpus.ts DIR
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makeHostileCorpus } from "./support/hostile-corpus.ts";

const dir = path.resolve(process.argv[2] ?? "tmp/hostile-corpus");
mkdirSync(dir, { recursive: true });
for (const file of await makeHostileCorpus()) {
  writeFileSync(path.join(dir, file.name), file.bytes);
  console.log(`${file.name.padEnd(16)} ${String(file.bytes.length).padStart(7)} bytes  must be refused with ${file.refusal}`);
}
