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
const HEIGHT = 140;

/**
 * A bar chart drawn as SVG on the server: no chart library, no script, readable as soon as the HTML arrives.
 * The SVG draws only the bars and stretches to any width; its words (the top of the scale, the first and last
 * days) are HTML beside it, so they keep the page's text size on a 360 px phone instead of shrinking with the
 * drawing. The same numbers follow as a table in a <details>, for screen readers and for anyone who wants them.
 */
export function BarChart({ title, bars, valueLabel, keyLabel }: Props) {
  const id = useId();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const slot = WIDTH / Math.max(1, bars.length);
  const gap = slot > 6 ? Math.min(4, slot * 0.2) : 0;
  const total = bars.reduce((sum, b) => sum + b.value, 0);
  return (
    <figure className="bar-chart">
      <p className="bar-chart-scale" aria-hidden="true">
        {max}
      </p>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-labelledby={`${id}-title`}>
        <title id={`${id}-title`}>{`${title}: ${total} in all, at most ${max} in one ${keyLabel.toLowerCase()}`}</title>
        <line x1={0} x2={WIDTH} y1={0} y2={0} className="bar-chart-grid" vectorEffect="non-scaling-stroke" />
        {bars.map((bar, i) => {
          const h = (bar.value / max) * HEIGHT;
          return (
            <rect key={bar.label} x={i * slot + gap / 2} y={HEIGHT - h} width={Math.max(1, slot - gap)} height={h} className="bar-chart-bar">
              <title>{`${bar.label}: ${bar.value}`}</title>
            </rect>
          );
        })}
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="bar-chart-axis" vectorEffect="non-scaling-stroke" />
      </svg>
      {bars.length > 0 ? (
        <p className="bar-chart-ends" aria-hidden="true">
          <span>{bars[0]!.label}</span>
          <span>{bars.at(-1)!.label}</span>
        </p>
      ) : null}
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
