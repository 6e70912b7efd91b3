import { afterAll, beforeAll, expect, it } from "vitest";
import { buildMissingReason } from "../setup/build";
import { describeUnless } from "../setup/describe-unless";
import { createTestDatabase, postgresUnavailableReason, type TestDatabase } from "../setup/databases";
import { HttpClient, createVerifiedUser } from "../support/http-client";
import { testPorts } from "../support/ports";
import { type RunningServer, startIsolatedServer } from "../support/server";

const ports = testPorts("integration/content-instances");
const skipReason = buildMissingReason() ?? (await postgresUnavailableReason());
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** An anonymous visitor's page, as a returning browser (counted already), so it may come from the page cache. */
async function visit(server: RunningServer, path: string): Promise<{ text: string; cache: string | null }> {
  const response = await fetch(`${server.baseURL}${path}`, { headers: { "user-agent": BROWSER, cookie: "visited=1" } });
  return { text: await response.text(), cache: response.headers.get("x-page-cache") };
}

// Two production servers on one PostgreSQL database: a publish through one shows on the other's kept pages
// within a second (the content version poll reads the published content anew before dropping the pages).
describeUnless(skipReason, "content published on one instance", () => {
  let database: TestDatabase;
  const servers: RunningServer[] = [];
  let admin: HttpClient;

  beforeAll(async () => {
    database = await createTestDatabase("postgres", { migrate: false });
    const env = { DATABASE_URL: database.url, AUTH_SECRET: "content-instances-share-this-secret-0123456789" };
    servers.push(await startIsolatedServer(ports[0]!, env));
    servers.push(await startIsolatedServer(ports[1]!, env));
    admin = new HttpClient(servers[0]!.baseURL);
    await createVerifiedUser(admin, servers[0]!.dataDir, "owner@instances.test", "content-instances-password-1");
  }, 90_000);
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await database?.destroy();
  });

  it("both instances seed nothing twice, and the other instance's kept pages show a publish within a second", async () => {
    const rows = await database.db.selectFrom("contentDocument").select(["key", "revision"]).execute();
    expect(rows).toHaveLength(9);
    const other = servers[1]!;
    for (const path of ["/", "/contact"]) {
      await visit(other, path);
      const kept = await visit(other, path);
      expect(kept.cache, path).toBe("hit");
      expect(kept.text).toContain("07700 900123");
    }
    const revision = rows.find((row) => row.key === "business")!.revision;
    const published = await admin.post("/manage/content/business", { intent: "publish", revision: String(revision), phone: "01733 555012" });
    expect(published.status).toBe(302);
    expect(published.headers.get("location")).toBe("/manage/content/business?done=published");
    const start = Date.now();
    for (;;) {
      const page = await visit(other, "/contact");
      if (page.text.includes("01733 555012")) {
        expect(page.text).not.toContain("07700 900123");
        break;
      }
      if (Date.now() - start > 1000) throw new Error("the other instance still showed the old phone number after a second");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const home = await visit(other, "/");
    expect(home.text).toContain('href="tel:+441733555012"');
    expect(home.text).not.toContain("07700 900123");
  }, 60_000);
});
