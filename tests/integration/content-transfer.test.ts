import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { exportSiteContent, importSiteContent } from "~/server/content/content-transfer.server";
import { listDocuments, listVersions } from "~/server/content/document-store.server";
import { seedSiteContent } from "~/server/content/site-content.server";
import { describeEachDialect } from "../setup/databases";

await describeEachDialect("content export and import", (test) => {
  it("export then import gives the same content, and a wrong file changes nothing", async () => {
    await seedSiteContent(test.db);
    const exported = await exportSiteContent(test.db);
    expect(await importSiteContent(test.db, structuredClone(exported), "test")).toEqual({ ok: true, changed: [] });

    const edited = structuredClone(exported);
    edited.business.phone = "01733 555012";
    edited.services.reverse();
    const result = await importSiteContent(test.db, edited, "test");
    expect(result).toEqual({ ok: true, changed: ["business", "services"] });
    const again = await exportSiteContent(test.db);
    expect(again.business.phoneE164).toBe("+441733555012");
    expect(again.services.map((s) => s.id)).toEqual(edited.services.map((s) => s.id));
    expect(await importSiteContent(test.db, again, "test")).toEqual({ ok: true, changed: [] });
    expect((await listVersions(test.db, { kind: "site", key: "business" }))[0]).toMatchObject({ reason: "import", createdBy: "test", changedFields: ["phone", "phoneE164"] });

    const before = JSON.stringify(await listDocuments(test.db, "site"));
    const broken = structuredClone(again) as { business: { email: string }; pages: { about: { title: string } } };
    broken.business.email = "not an address";
    broken.pages.about.title = "x".repeat(71);
    const refused = await importSiteContent(test.db, broken, "test");
    expect(refused.ok).toBe(false);
    expect(refused.ok ? "" : refused.problems).toMatch(/business\.email: .*; pages\.about\.title: must be at most 70 characters/);
    expect(JSON.stringify(await listDocuments(test.db, "site"))).toBe(before);
  });
});

it("npm run content:export and content:import round-trip a file", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "content-transfer-"));
  const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: `file:${path.join(dir, "site.db")}`, NODE_ENV: "production", LOG_LEVEL: "warn" };
  const run = (script: string, ...args: string[]) =>
    execFileSync(process.execPath, ["--import", "./scripts/support/resolve-app-imports.ts", `scripts/${script}.ts`, "--", ...args], { env, encoding: "utf8", stdio: "pipe" });
  const first = path.join(dir, "first.json");
  const second = path.join(dir, "second.json");
  run("content-export", first);
  const content = JSON.parse(readFileSync(first, "utf8")) as { business: { tagline: string } };
  content.business.tagline = "Electrics done properly.";
  writeFileSync(first, JSON.stringify(content));
  run("content-import", first);
  run("content-export", second);
  expect(JSON.parse(readFileSync(second, "utf8"))).toEqual(content);
  writeFileSync(first, '{"business": {}}');
  expect(() => run("content-import", first)).toThrow(/is not valid content\. Nothing was changed\.[\s\S]*business\.name/);
}, 60_000);
