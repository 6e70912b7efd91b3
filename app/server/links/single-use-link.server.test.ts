import { describe, expect, it } from "vitest";
import { hashToken, linkState, openSealedToken, sealToken } from "./single-use-link.server";

const NOW = new Date("2026-11-26T12:00:00Z");

describe("single-use links", () => {
  it("moves from open to expired unused, or from used to closed when its time after use is over", () => {
    const later = "2026-12-01T00:00:00Z";
    const earlier = "2026-11-01T00:00:00Z";
    expect(linkState({ expiresAt: later, usedAt: null, closesAt: null }, NOW)).toBe("open");
    expect(linkState({ expiresAt: earlier, usedAt: null, closesAt: null }, NOW)).toBe("expired");
    expect(linkState({ expiresAt: later, usedAt: earlier, closesAt: later }, NOW)).toBe("used");
    expect(linkState({ expiresAt: later, usedAt: earlier, closesAt: earlier }, NOW)).toBe("closed");
    expect(linkState({ expiresAt: later, usedAt: earlier, closesAt: null }, NOW)).toBe("closed");
  });

  it("hashes tokens one way and seals them so only this site's secret opens them", () => {
    const token = "A".repeat(43);
    expect(hashToken(token)).not.toContain(token);
    const sealed = sealToken(token);
    expect(sealed).not.toContain(token);
    expect(openSealedToken(sealed)).toBe(token);
    const [iv, tag, data] = sealed.split(".");
    const tampered = [iv, tag, `${data!.slice(0, -2)}${data!.endsWith("A") ? "BB" : "AA"}`].join(".");
    expect(openSealedToken(tampered)).toBeNull();
    expect(openSealedToken("nonsense")).toBeNull();
  });
});
