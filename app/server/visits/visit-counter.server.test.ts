import { expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/setup/databases";
import { countVisit, observeVisitTotal, resetVisitCounter, unwrittenVisits, visitorTotal, writeVisits } from "./visit-counter.server";
import { getVisitCount, listVisitDays } from "./visits.server";

await describeEachDialect("visits counted in memory", {}, (database) => {
  it("numbers each visit at once, and writes every one exactly once, whatever the concurrency", async () => {
    resetVisitCounter(await getVisitCount(database.db));
    const before = visitorTotal();
    const numbers = Array.from({ length: 150 }, () => countVisit(new Date("2026-11-26T10:00:00Z")));
    expect(numbers).toEqual(Array.from({ length: 150 }, (_, i) => before + i + 1));
    // Writes started while others run, and visits counted meanwhile: nothing lost, nothing twice.
    const writes = [writeVisits(database.db), writeVisits(database.db)];
    for (let i = 0; i < 50; i++) countVisit(new Date("2026-11-27T10:00:00Z"));
    writes.push(writeVisits(database.db));
    await Promise.all(writes);
    await writeVisits(database.db);
    expect(unwrittenVisits()).toBe(0);
    expect(await getVisitCount(database.db)).toBe(before + 200);
    expect(visitorTotal()).toBe(before + 200);
    const days = await listVisitDays(database.db, 2);
    expect(days).toEqual([
      { day: "2026-11-27", count: 50 },
      { day: "2026-11-26", count: 150 },
    ]);
  });

  it("follows the database's total, another instance's visits and a restore's lower count included", async () => {
    resetVisitCounter(10);
    countVisit();
    observeVisitTotal(20);
    expect(visitorTotal()).toBe(21);
    observeVisitTotal(5);
    expect(visitorTotal()).toBe(6);
  });
});
