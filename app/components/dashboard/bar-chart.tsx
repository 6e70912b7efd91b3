import { useId } from "react";

export type Bar = { label: string; value: number };

type Props = {
  title: string;
  bars: Bar[];
  /** Words for the numbers in the table: "Visits". */
  valueLabel: string;
  /** Heading of the first table column: "Day". */
  keyLabel: string;
};

const WIDTH = 720;
const HEIGHT = 180;
const TOP = 16;
const BOTTOM = 20;

/**
 * A bar chart drawn as SVG on the server: no chart library, no script, readable as soon as the HTML arrives.
 * The same numbers follow as a table in a <details>, for screen readers and for anyone who wants the figures.
 */
export function BarChart({ title, bars, valueLabel, keyLabel }: Props) {
  const id = useId();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const slot = WIDTH / Math.max(1, bars.length);
  const gap = slot > 6 ? Math.min(4, slot * 0.2) : 0;
  const plot = HEIGHT - TOP - BOTTOM;
  const total = bars.reduce((sum, b) => sum + b.value, 0);
  return (
    <figure className="bar-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`}>
        <title id={`${id}-title`}>{`${title}: ${total} in all, at most ${max} in one ${keyLabel.toLowerCase()}`}</title>
        <line x1={0} x2={WIDTH} y1={TOP + plot} y2={TOP + plot} className="bar-chart-axis" />
        <line x1={0} x2={WIDTH} y1={TOP} y2={TOP} className="bar-chart-grid" />
        <text x={2} y={TOP - 4} className="bar-chart-text">
          {max}
        </text>
        {bars.map((bar, i) => {
          const h = (bar.value / max) * plot;
          return (
            <rect key={bar.label} x={i * slot + gap / 2} y={TOP + plot - h} width={Math.max(1, slot - gap)} height={h} className="bar-chart-bar">
              <title>{`${bar.label}: ${bar.value}`}</title>
            </rect>
          );
        })}
        {bars.length > 0 ? (
          <>
            <text x={0} y={HEIGHT - 4} className="bar-chart-text">
              {bars[0]!.label}
            </text>
            <text x={WIDTH} y={HEIGHT - 4} textAnchor="end" className="bar-chart-text">
              {bars.at(-1)!.label}
            </text>
          </>
        ) : null}
      </svg>
      <details className="mt-2">
        <summary>{title} as a table</summary>
        <div className="table-responsive bar-chart-table">
          <table className="table table-sm w-auto">
            <thead>
              <tr>
                <th scope="col">{keyLabel}</th>
                <th scope="col">{valueLabel}</th>
              </tr>
            </thead>
            <tbody>
              {bars.toReversed().map((bar) => (
                <tr key={bar.label}>
                  <td>{bar.label}</td>
                  <td>{bar.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
