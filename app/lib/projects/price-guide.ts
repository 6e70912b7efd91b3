/**
 * "Typical cost" for a service from its published projects' cost bands.
 *
 * Each job counts once, at the middle of its band ((from + to) / 2): a band is the owner's honest "somewhere in
 * here", and its middle is the one figure that treats a narrow and a wide band alike. The typical range is the
 * interquartile range of those middles (the lower and upper quartiles, by linear interpolation between the sorted
 * values, as spreadsheets' QUARTILE.INC does): the range the middle half of the jobs fall in. It is rounded
 * outwards to £10, so the figures never look more precise than the bands they come from.
 */

export const MIN_JOBS_FOR_GUIDE = 3;

export type CostBand = { from: number; to: number };
export type TypicalCost = { low: number; high: number; jobs: number };

function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/** The typical cost of the jobs, or null when fewer than three have a band. */
export function typicalCost(bands: readonly CostBand[]): TypicalCost | null {
  if (bands.length < MIN_JOBS_FOR_GUIDE) return null;
  const middles = bands.map((band) => (band.from + band.to) / 2).toSorted((a, b) => a - b);
  return {
    low: Math.floor(quantile(middles, 0.25) / 10) * 10,
    high: Math.ceil(quantile(middles, 0.75) / 10) * 10,
    jobs: bands.length,
  };
}
