import { describe, expect, it } from "vitest";
import { countByWeek, lastDays, reviewsByMonth } from "./dashboard";

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

describe("reviewsByMonth", () => {
  it("counts links sent and answered, and averages every review of the month, for the months asked only", () => {
    const months = reviewsByMonth(
      ["2026-10-03T10:00:00Z", "2026-11-01T00:00:00Z", "2026-11-20T10:00:00Z", "2025-01-01T00:00:00Z"],
      [
        { createdAt: "2026-11-02T10:00:00Z", rating: 5, fromLink: true },
        { createdAt: "2026-11-25T10:00:00Z", rating: 2, fromLink: false },
        { createdAt: "2026-09-30T23:59:59Z", rating: 4, fromLink: true },
      ],
      new Date("2026-11-26T01:00:00Z"),
      3,
    );
    expect(months).toEqual([
      { month: "2026-09", asked: 0, answered: 1, average: 4 },
      { month: "2026-10", asked: 1, answered: 0, average: null },
      { month: "2026-11", asked: 2, answered: 1, average: 3.5 },
    ]);
  });
});
