// npm run content:export [-- FILE]
// Writes the site's published content as JSON in config/site.json's format: to FILE, or to the screen. Reads the
// same environment as the server (DATABASE_URL); safe while the site runs.
import { writeFileSync } from "node:fs";
import { commandArgs } from "./support/settings-file.ts";

const [file] = commandArgs();
if (file === "-h" || file === "--help") {
  console.log("Usage: npm run content:export [-- FILE]\nWrites the published content as JSON (config/site.json's format) to FILE, or to the screen.");
  process.exit(0);
}
const { getDb, closeDb } = await import("~/server/db/client.server");
const { migrateToLatest } = await import("~/server/db/migrate.server");
const { exportSiteContent } = await import("~/server/content/content-transfer.server");

try {
  await migrateToLatest(getDb());
  const json = `${JSON.stringify(await exportSiteContent(getDb()), null, 2)}\n`;
  if (file) {
    writeFileSync(file, json);
    console.error(`Content written to ${file}.`);
  } else {
    process.stdout.write(json);
  }
} catch (error) {
  console.error(`Export failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await closeDb();
}
