import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getVisitCount, listVisitDays, recordVisit } from "~/server/visits/visits.server";
import { decideVisit, ownVisitorNumber, visitedCookieHeader } from "~/server/visits/visitor-cookie.server";
import { createTestDatabase, type TestDatabase, testDialects } from "../setup/databases";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

describe("decideVisit", () => {
  const request = (headers: Record<string, string>, method = "GET") => new Request("http://site.test/", { method, headers });
  it("counts a browser's first page view", () => {
    expect(decideVisit(request({ "user-agent": BROWSER }))).toBe("count");
  });
  it("only reads once the session cookie is set", () => {
    expect(decideVisit(request({ "user-agent": BROWSER, cookie: "a=b; visited=1" }))).toBe("read");
  });
  it.each([
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "curl/8.5.0",
    "",
  ])("does not count the bot %j", (agent) => {
    expect(decideVisit(request({ "user-agent": agent }))).toBe("read");
  });
  it("remembers in the cookie the number the browser was first shown", () => {
    expect(visitedCookieHeader(42, false)).toBe("visited=42; Path=/; HttpOnly; SameSite=Lax");
    expect(ownVisitorNumber("a=b; visited=42")).toBe(42);
    expect(ownVisitorNumber("visited=42; a=b")).toBe(42);
    expect(ownVisitorNumber("notvisited=42")).toBe(0);
    expect(ownVisitorNumber("visited=abc")).toBe(0);
    expect(ownVisitorNumber(undefined)).toBe(0);
  });
  it("does not count prefetches or form posts", () => {
    expect(decideVisit(request({ "user-agent": BROWSER, "sec-purpose": "prefetch" }))).toBe("read");
    expect(decideVisit(request({ "user-agent": BROWSER }, "POST"))).toBe("read");
  });
});

for (const dialect of await testDialects()) {
  describe.skipIf(dialect.skip)(`visitor counter ${dialect.label}`, () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await createTestDatabase(dialect.kind);
    });
    afterAll(async () => test?.destroy());

    it("starts at 0 and counts up", async () => {
      expect(await getVisitCount(test.db)).toBe(0);
      expect(await recordVisit(test.db, new Date("2026-11-20T10:00:00Z"))).toBe(1);
      expect(await recordVisit(test.db, new Date("2026-11-21T09:00:00Z"))).toBe(2);
      expect(await getVisitCount(test.db)).toBe(2);
    });

    it("loses no increment under 200 concurrent first visits", async () => {
      const before = await getVisitCount(test.db);
      const day = new Date("2026-11-22T12:00:00Z");
      const results = await Promise.all(Array.from({ length: 200 }, () => recordVisit(test.db, day)));
      expect(await getVisitCount(test.db)).toBe(before + 200);
      // Every visitor got a distinct number.
      expect(new Set(results).size).toBe(200);
      const days = await listVisitDays(test.db);
      expect(days.find((d) => d.day === "2026-11-22")?.count).toBe(200);
    });

    it("keeps a per-day tally, newest first", async () => {
      const days = await listVisitDays(test.db);
      expect(days.map((d) => d.day)).toEqual(["2026-11-22", "2026-11-21", "2026-11-20"]);
      expect(days.map((d) => d.count)).toEqual([200, 1, 1]);
    });
  });
}
