import { beforeEach, expect, it } from "vitest";
import { consumeRateLimit } from "~/server/auth/rate-limit.server";
import { MAX_REFERRERS_PER_DAY, OTHER_REFERRERS, TRAFFIC_RETENTION_DAYS, addTraffic, listTopReferrers } from "~/server/db/traffic.server";
import { sweepExpiredRows } from "~/server/jobs/sweep-expired.server";
import { describeEachDialect } from "../setup/databases";

// The dashboard's tables stay bounded whatever visitors send: referring sites capped per day, old days deleted.
await describeEachDialect("traffic tables", (test) => {
  beforeEach(async () => {
    for (const table of ["trafficDay", "pageViewDay", "referrerDay", "requestLimit"] as const) await test.db.deleteFrom(table).execute();
  });

  const referrers = (day: string, hosts: string[]) => ({ days: [], paths: [], referrers: hosts.map((host) => ({ day, host, views: 1 })) });
  const rowsOf = async (day: string) => test.db.selectFrom("referrerDay").select(["host", "views"]).where("day", "=", day).execute();

  it(`keeps at most ${MAX_REFERRERS_PER_DAY} referring sites a day; views from the rest count as "${OTHER_REFERRERS}"`, async () => {
    const forged = Array.from({ length: MAX_REFERRERS_PER_DAY + 50 }, (_, i) => `forged-${i}.example`);
    await addTraffic(test.db, referrers("2026-11-20", forged));
    let rows = await rowsOf("2026-11-20");
    expect(rows).toHaveLength(MAX_REFERRERS_PER_DAY + 1);
    expect(Number(rows.find((r) => r.host === OTHER_REFERRERS)?.views)).toBe(50);
    // Later batches: a site already kept still adds to its own row; another new one goes to the rest.
    await addTraffic(test.db, referrers("2026-11-20", ["forged-0.example", "late-comer.example", "another.example"]));
    rows = await rowsOf("2026-11-20");
    expect(rows).toHaveLength(MAX_REFERRERS_PER_DAY + 1);
    expect(Number(rows.find((r) => r.host === "forged-0.example")?.views)).toBe(2);
    expect(Number(rows.find((r) => r.host === OTHER_REFERRERS)?.views)).toBe(52);
    // Each day has its own allowance.
    await addTraffic(test.db, referrers("2026-11-21", ["google.com"]));
    expect(await rowsOf("2026-11-21")).toEqual([{ host: "google.com", views: 1 }]);
    expect((await listTopReferrers(test.db, "2026-11-20", 1))[0]).toEqual({ host: OTHER_REFERRERS, views: 52 });
  });

  it(`the sweep deletes daily figures older than ${TRAFFIC_RETENTION_DAYS} days and rate-limit rows whose window ended`, async () => {
    const now = new Date("2027-06-01T12:00:00Z");
    const dayAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    for (const day of [dayAgo(TRAFFIC_RETENTION_DAYS + 1), dayAgo(TRAFFIC_RETENTION_DAYS - 1)]) {
      await addTraffic(test.db, { days: [{ day, visits: 1, views: 2 }], paths: [{ day, path: "/", views: 2 }], referrers: [{ day, host: "bing.com", views: 1 }] });
    }
    await consumeRateLimit(test.db, "signIn:ip:192.0.2.1", { windowSeconds: 900, max: 10 }, now.getTime() - 2 * 24 * 3600 * 1000);
    await consumeRateLimit(test.db, "signIn:ip:192.0.2.2", { windowSeconds: 900, max: 10 }, now.getTime() - 60 * 1000);

    expect(await sweepExpiredRows(test.db, now)).toEqual({ rateLimits: 1, trafficRows: 3 });
    for (const table of ["trafficDay", "pageViewDay", "referrerDay"] as const) {
      expect((await test.db.selectFrom(table).select("day").execute()).map((r) => r.day), table).toEqual([dayAgo(TRAFFIC_RETENTION_DAYS - 1)]);
    }
    expect((await test.db.selectFrom("requestLimit").select("key").execute()).map((r) => r.key)).toEqual(["signIn:ip:192.0.2.2"]);
  });
});
