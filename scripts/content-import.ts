// npm run content:import -- FILE
// Publishes the content in FILE (config/site.json's format, as content:export writes it). The whole file is checked
// first: when any field is wrong, the problems are listed and nothing changes. Drafts in progress are kept in the
// history. Running sites show the new content within a second.
import { readFileSync } from "node:fs";
import { commandArgs } from "./support/settings-file.ts";

const [file] = commandArgs();
if (!file || file === "-h" || file === "--help") {
  console.log("Usage: npm run content:import -- FILE\nPublishes the content in FILE (config/site.json's format). Nothing changes when any of it is wrong.");
  process.exit(file ? 0 : 1);
}
let raw: unknown;
try {
  raw = JSON.parse(readFileSync(file, "utf8"));
} catch (error) {
  console.error(`Cannot read ${file} as JSON: ${(error as Error).message}. Nothing was changed.`);
  process.exit(1);
}
const { getDb, closeDb } = await import("~/server/db/client.server");
const { migrateToLatest } = await import("~/server/db/migrate.server");
const { importSiteContent } = await import("~/server/content/content-transfer.server");

try {
  await migrateToLatest(getDb());
  const result = await importSiteContent(getDb(), raw, "content:import");
  if (!result.ok) {
    console.error(`${file} is not valid content. Nothing was changed.\n${result.problems.split("; ").map((p) => `  - ${p}`).join("\n")}`);
    process.exitCode = 1;
  } else {
    console.error(result.changed.length === 0 ? "The content was already the same. Nothing changed." : `Published: ${result.changed.join(", ")}.`);
  }
} finally {
  await closeDb();
}
