import { afterAll, beforeAll, expect, it } from "vitest";
import { getVisitCount, listVisitDays } from "~/server/visits/visits.server";
import { buildMissingReason } from "../setup/build";
import { describeEachDialect } from "../setup/databases";
import { type RunningServer, startIsolatedServer } from "../support/server";
import { testPorts } from "../support/ports";

// 200 browsers opening the site at the same moment, against the production server, on SQLite and on PostgreSQL.
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const [sqlitePort, postgresPort] = testPorts("integration/first-visits") as [number, number];

// Each on an empty database of its own, which the server migrates at start-up.
await describeEachDialect("200 first visits at once", { migrate: false, skipReason: buildMissingReason }, (database) => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startIsolatedServer(database.kind === "sqlite" ? sqlitePort : postgresPort, { DATABASE_URL: database.url });
  }, 60_000);
  afterAll(async () => server?.stop());

  it("raise the visitor number by exactly 200, each told its own number", async () => {
    const before = await getVisitCount(database.db);
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => fetch(`${server.baseURL}/contact`, { headers: { "user-agent": BROWSER } })),
    );
    expect(responses.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const numbers = await Promise.all(responses.map(async (r) => Number(/visitor number (?:<!-- -->)?(\d+)/.exec(await r.text())?.[1])));
    // Each browser's cookie remembers the number it was shown.
    expect(responses.map((r, i) => r.headers.getSetCookie().some((c) => c.startsWith(`visited=${numbers[i]};`)))).not.toContain(false);
    // Counted in memory and written within the half-second poll (visit-counter.server): exactly 200 reach the
    // database, not one more once the next writes have run too.
    const deadline = Date.now() + 5_000;
    while ((await getVisitCount(database.db)) < before + 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1_200));
    expect(await getVisitCount(database.db)).toBe(before + 200);
    expect((await listVisitDays(database.db, 1))[0]?.count).toBe(before + 200);
    // Every visitor saw their own number, which counts their own visit.
    expect(numbers.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => before + i + 1));
  });
});
