import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createDb, type Db } from "~/server/db/client.server";
import { buildMissingReason } from "../setup/build";
import { describeUnless } from "../setup/describe-unless";
import { HttpClient, createVerifiedUser } from "../support/http-client";
import { testPort } from "../support/ports";
import { type RunningServer, startIsolatedServer } from "../support/server";

// The owner's dashboard on the production build: per-day counts and enquiries seeded over the last months, read
// back from the page's numbers, its tables and its chart, as the owner (or a screen reader) reads them.
const DAY_MS = 24 * 60 * 60 * 1000;

const dayAgo = (now: number, days: number) => new Date(now - days * DAY_MS).toISOString().slice(0, 10);
const label = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const labelOf = (day: string) => label.format(new Date(`${day}T00:00:00Z`));
/** The Monday (UTC) of the week a moment falls in. */
function mondayOf(time: number): string {
  const date = new Date(time);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - ((date.getUTCDay() + 6) % 7))).toISOString().slice(0, 10);
}

/** The rows of the table inside the section with the given heading id, as label → number. */
function tableIn(html: string, headingId: string): Map<string, number> {
  const section = html.slice(html.indexOf(`id="${headingId}"`));
  const table = section.slice(section.indexOf("<tbody>"), section.indexOf("</tbody>"));
  return new Map([...table.matchAll(/<tr><td>([^<]+)<\/td><td>(\d+)<\/td><\/tr>/g)].map((m) => [m[1]!, Number(m[2])]));
}

describeUnless(buildMissingReason(), "the owner's dashboard", () => {
  let server: RunningServer;
  let db: Db;
  let admin: HttpClient;
  const now = Date.now();
  // Days ago → visits and views. 90 and 200 days ago are outside the 90 days shown.
  const traffic: [number, number, number][] = [
    [0, 2, 6],
    [3, 4, 9],
    [6, 1, 1],
    [10, 7, 12],
    [45, 5, 5],
    [89, 1, 3],
    [90, 100, 100],
    [200, 50, 50],
  ];
  // Enquiries, as moments: three this week or close to it, two a fortnight ago, three two months ago, one at the
  // edge of the 13 weeks, one beyond it.
  const enquiryTimes = [1, 2, 30, 14 * 24, 15 * 24, 60 * 24, 61 * 24, 62 * 24, 12 * 7 * 24, 14 * 7 * 24].map((hours) => now - hours * 60 * 60 * 1000);

  beforeAll(async () => {
    server = await startIsolatedServer(testPort("integration/dashboard"));
    admin = new HttpClient(server.baseURL);
    await createVerifiedUser(admin, server.dataDir, "owner@dashboard.test", "dashboard-password-1");
    db = createDb({ kind: "sqlite", file: path.join(server.dataDir, "site.db") });

    await db.insertInto("trafficDay").values(traffic.map(([ago, visits, views]) => ({ day: dayAgo(now, ago), visits, views }))).execute();
    await db
      .insertInto("pageViewDay")
      .values([
        { day: dayAgo(now, 3), path: "/services", views: 9 },
        { day: dayAgo(now, 10), path: "/services", views: 4 },
        { day: dayAgo(now, 10), path: "/gallery/1", views: 8 },
        { day: dayAgo(now, 120), path: "/old-page", views: 99 },
      ])
      .execute();
    await db
      .insertInto("referrerDay")
      .values([
        { day: dayAgo(now, 3), host: "facebook.com", views: 2 },
        { day: dayAgo(now, 45), host: "google.com", views: 3 },
        { day: dayAgo(now, 100), host: "bing.com", views: 9 },
      ])
      .execute();
    await db
      .insertInto("enquiry")
      .values(
        enquiryTimes.map((time, i) => ({
          id: `0190a1b2-0000-7000-8000-${String(i).padStart(12, "0")}`,
          reference: `Q-DASH000${i}`,
          name: `Customer ${i}`,
          email: `customer${i}@dashboard.test`,
          phone: null,
          postcode: "PE1 1AA",
          service: "plastering",
          serviceName: "Plastering",
          description: "A job.",
          status: "new",
          notes: "",
          readAt: null,
          closedAt: null,
          createdAt: new Date(time).toISOString(),
          updatedAt: new Date(time).toISOString(),
        })),
      )
      .execute();
  }, 60_000);

  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
  });

  it("shows the visits and page views of the last 7, 30 and 90 days", async () => {
    const html = await (await admin.get("/manage/dashboard")).text();
    const total = (days: number) => /data-testid="visits-\d+"[\s\S]*?<\/div>/.exec(html.slice(html.indexOf(`data-testid="visits-${days}"`)))?.[0] ?? "";
    const words = (visits: number, views: number) => new RegExp(`>${visits}</span> visits, (<!-- -->)?${views}(<!-- -->)? page views`);
    expect(total(7)).toMatch(words(2 + 4 + 1, 6 + 9 + 1));
    expect(total(30)).toMatch(words(2 + 4 + 1 + 7, 6 + 9 + 1 + 12));
    expect(total(90)).toMatch(words(2 + 4 + 1 + 7 + 5 + 1, 6 + 9 + 1 + 12 + 5 + 3));
  });

  it("the chart of visits per day has a row for each of the 90 days with its number", async () => {
    const html = await (await admin.get("/manage/dashboard")).text();
    const rows = tableIn(html, "visits-heading");
    const expected = new Map(Array.from({ length: 90 }, (_, ago) => [labelOf(dayAgo(now, ago)), traffic.find(([d]) => d === ago)?.[1] ?? 0]));
    expect(rows).toEqual(expected);
    const chart = html.slice(html.indexOf('id="visits-heading"'));
    expect(chart).toMatch(/<title[^>]*>Visits per day: 20 in all, at most 7 in one day<\/title>/);
  });

  it("counts enquiries per week for the last 13 weeks", async () => {
    const html = await (await admin.get("/manage/dashboard")).text();
    const rows = tableIn(html, "enquiries-heading");
    const thisMonday = Date.parse(`${mondayOf(now)}T00:00:00Z`);
    const weeks = Array.from({ length: 13 }, (_, i) => mondayOf(thisMonday - (12 - i) * 7 * DAY_MS));
    const expected = new Map(weeks.map((week) => [labelOf(week), enquiryTimes.filter((time) => mondayOf(time) === week).length]));
    expect(rows).toEqual(expected);
    // Seeded to land in several weeks, one of them the oldest shown, and one enquiry too old to count.
    expect([...expected.values()].filter((count) => count > 0).length).toBeGreaterThanOrEqual(3);
    expect(expected.get(labelOf(weeks[0]!))).toBe(1);
    const counted = [...expected.values()].reduce((sum, count) => sum + count, 0);
    expect(counted).toBe(enquiryTimes.length - 1);
    expect(/data-testid="enquiries-total"[\s\S]*?<\/div>/.exec(html)?.[0]).toContain(`>${counted}</span>`);
  });

  it("ranks the most visited pages and the referring sites of the 90 days", async () => {
    const html = await (await admin.get("/manage/dashboard")).text();
    const pages = /data-testid="top-pages"[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
    expect([...pages.matchAll(/<td class="text-break">([^<]+)<\/td><td class="text-end">(\d+)</g)].map((m) => [m[1], Number(m[2])])).toEqual([
      ["/services", 13],
      ["/gallery/1", 8],
    ]);
    const referrers = /data-testid="top-referrers"[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
    expect([...referrers.matchAll(/<td class="text-break">([^<]+)<\/td><td class="text-end">(\d+)</g)].map((m) => [m[1], Number(m[2])])).toEqual([
      ["google.com", 3],
      ["facebook.com", 2],
    ]);
  });
});
