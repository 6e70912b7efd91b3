import { describe, expect, it } from "vitest";
import { decideVisit, ownVisitorNumber, visitedCookieHeader } from "./visit-policy.server";

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
