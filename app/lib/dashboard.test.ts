import { describe, expect, it } from "vitest";
import { countByWeek, lastDays } from "./dashboard";

describe("dashboard calendar", () => {
  it("lists the last days oldest first", () => {
    expect(lastDays(new Date("2026-03-02T23:00:00Z"), 3)).toEqual(["2026-02-28", "2026-03-01", "2026-03-02"]);
  });
  it("counts per week from Monday, with empty weeks", () => {
    const weeks = countByWeek(["2026-11-16T09:00:00Z", "2026-11-22T23:59:00Z", "2026-11-23T08:00:00Z", "2026-10-01T08:00:00Z"], new Date("2026-11-25T12:00:00Z"), 3);
    expect(weeks).toEqual([
      { week: "2026-11-09", count: 0 },
      { week: "2026-11-16", count: 2 },
      { week: "2026-11-23", count: 1 },
    ]);
  });
});
