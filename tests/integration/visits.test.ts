import { expect, it } from "vitest";
import { getVisitCount, listVisitDays, recordVisit } from "~/server/visits/visits.server";
import { describeEachDialect } from "../setup/databases";

await describeEachDialect("visitor counter", (test) => {

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
