/** Calendar arithmetic for the owner's dashboard, in UTC days (YYYY-MM-DD), as the counts are stored. */

const DAY_MS = 24 * 60 * 60 * 1000;

export function dayString(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The `count` days ending with `end`, oldest first. */
export function lastDays(end: Date, count: number): string[] {
  const last = Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate());
  return Array.from({ length: count }, (_, i) => dayString(new Date(last - (count - 1 - i) * DAY_MS)));
}

/** Every one of the given days with its counts, 0 where nothing was recorded. */
export function fillDays<T extends { day: string }>(days: string[], rows: T[], empty: Omit<T, "day">): T[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return days.map((day) => byDay.get(day) ?? ({ day, ...empty } as T));
}

/** Monday of the week (UTC) that contains the moment. */
export function weekStart(date: Date): string {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return dayString(new Date(day - sinceMonday * DAY_MS));
}

/** Counts per week for the `count` weeks ending with the week of `end`, oldest first, keyed by their Monday. */
export function countByWeek(times: string[], end: Date, count: number): { week: string; count: number }[] {
  const lastMonday = Date.parse(`${weekStart(end)}T00:00:00Z`);
  const weeks = Array.from({ length: count }, (_, i) => dayString(new Date(lastMonday - (count - 1 - i) * 7 * DAY_MS)));
  const counts = new Map(weeks.map((w) => [w, 0]));
  for (const time of times) {
    const week = weekStart(new Date(time));
    if (counts.has(week)) counts.set(week, (counts.get(week) ?? 0) + 1);
  }
  return weeks.map((week) => ({ week, count: counts.get(week) ?? 0 }));
}

const shortDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** "3 Nov" for a YYYY-MM-DD day. */
export function formatDay(day: string): string {
  return shortDate.format(new Date(`${day}T00:00:00Z`));
}

export type ReviewMonth = { month: string; asked: number; answered: number; average: number | null };

/**
 * Reviews per calendar month (UTC) for the `count` months ending with the month of `end`, oldest first: links
 * sent, answers through them, and the average rating of every review written that month (typed-in ones too).
 */
export function reviewsByMonth(askedTimes: string[], reviews: { createdAt: string; rating: number; fromLink: boolean }[], end: Date, count: number): ReviewMonth[] {
  const months = Array.from({ length: count }, (_, i) => new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - (count - 1 - i), 1)).toISOString().slice(0, 7));
  const rows = new Map(months.map((month) => [month, { month, asked: 0, answered: 0, total: 0, rated: 0 }]));
  for (const time of askedTimes) {
    const row = rows.get(time.slice(0, 7));
    if (row) row.asked++;
  }
  for (const review of reviews) {
    const row = rows.get(review.createdAt.slice(0, 7));
    if (!row) continue;
    if (review.fromLink) row.answered++;
    row.total += review.rating;
    row.rated++;
  }
  return [...rows.values()].map(({ month, asked, answered, total, rated }) => ({ month, asked, answered, average: rated === 0 ? null : total / rated }));
}
