import { expect, test } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { getVariantUrl } from "~/lib/image-url";
import { parseVariants } from "~/lib/image-variants";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { seedImage } from "./support/seed-images";
import { testPort } from "../support/ports";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-resume-"));
let server: RunningServer | undefined;
test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("variants still pending when the server stopped are finished after it starts again", async ({ request }) => {
  test.setTimeout(90_000);
  // An upload whose first variants were stored before the server went down, with the rest still to make.
  const seeded = await seedImage(dataDir, "landscape.jpg", { category: "brickwork", name: "garden-wall" }, { finish: false });
  expect(seeded.status).toBe("processing");
  // The first set: WebP at 640 and 320 and a 640 JPEG (variants.server.ts); the 1280 WebP comes first afterwards.
  expect(parseVariants(seeded.variants)).toHaveLength(3);

  server = await startIsolatedServer(testPort("e2e/resume-images"), {}, { dataDir, keepData: true });
  const readRow = () => {
    const db = new Database(path.join(dataDir, "site.db"), { readonly: true });
    try {
      return db.prepare(`select "status", "variants" from "image" where "id" = ?`).get(seeded.id) as { status: string; variants: string };
    } finally {
      db.close();
    }
  };
  await expect.poll(() => readRow().status, { timeout: 60_000 }).toBe("ready");
  const variants = parseVariants(readRow().variants);
  expect(variants).toHaveLength(15);

  const largest = variants.find((v) => v.name === "w2048" && v.format === "avif")!;
  const response = await request.get(`${server.baseURL}${getVariantUrl(seeded.id, largest)}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/avif");
});
