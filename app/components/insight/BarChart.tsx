import { useId } from "react";
import { DataTable, type Column } from "~/components/admin/DataTable";

// A bar chart drawn as SVG on the server (no chart library, nothing sent to the players' pages): one
// group of bars per label, one bar per series, a zero line that negative values (a house loss) fall below,
// and a scale: a dashed line at the highest value (and at the lowest, when below zero) with the figure
// written beside it, so the picture says how large it is. Every figure is in the table view beside it;
// the SVG is one picture with a title for screen readers.

export type Series = { name: string; values: number[]; tone: "a" | "b" | "c" };

const WIDTH = 480;
const HEIGHT = 180;
const PAD = { top: 24, right: 8, bottom: 24, left: 8 };

/** `format` writes a figure of the scale as the table does (money with its currency, a count). */
export function BarChart({
  title,
  labels,
  series,
  format,
  lossName,
}: {
  title: string;
  labels: string[];
  series: Series[];
  format: (value: number) => string;
  /** the legend's name for a value below zero (a house loss) */
  lossName?: string;
}) {
  const id = useId();
  const all = series.flatMap((s) => s.values);
  // all zero: the zero line at the bottom, as for any chart without losses
  const max = Math.max(0, ...all) || (Math.min(0, ...all) < 0 ? 0 : 1);
  const min = Math.min(0, ...all);
  const span = max - min || 1;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((max - v) / span) * plotH;
  const groupW = (WIDTH - PAD.left - PAD.right) / Math.max(1, labels.length);
  const barW = Math.max(1, (groupW * 0.8) / series.length);
  const every = Math.ceil(labels.length / 5);
  const barX = (i: number, j: number) => PAD.left + i * groupW + groupW * 0.1 + j * barW;
  // the first bar holding a value: its group and series
  const barOf = (value: number) => {
    for (let i = 0; i < labels.length; i++)
      for (let j = 0; j < series.length; j++) if ((series[j].values[i] ?? 0) === value) return { i, j, value };
    return { i: 0, j: 0, value };
  };
  // a figure by its bar: above its top for the highest, beside its foot for the lowest; written toward the middle
  // of the chart so it never runs off an edge
  const besideBar = ({ i, j, value }: { i: number; j: number; value: number }, where: "above" | "beside") => {
    const left = barX(i, j);
    const onRight = left + barW / 2 > WIDTH / 2;
    const gap = where === "beside" ? 4 : 0;
    return {
      x: onRight ? left + (where === "above" ? barW : 0) - gap : left + (where === "above" ? 0 : barW) + gap,
      y: where === "above" ? y(value) - 6 : y(value) - 4,
      textAnchor: onRight ? ("end" as const) : ("start" as const),
    };
  };
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-t`}>
        <title id={`${id}-t`}>{title}</title>
        {all.some((v) => v > 0) ? (
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(max)} y2={y(max)} className="chart-grid" />
        ) : null}
        {min < 0 ? <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(min)} y2={y(min)} className="chart-grid" /> : null}
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="chart-zero" />
        {labels.map((label, i) => (
          <g key={label}>
            {series.map((s, j) => {
              const v = s.values[i] ?? 0;
              const top = Math.min(y(v), y(0));
              return (
                <rect
                  key={s.name}
                  // a value below zero (a house loss) is drawn as a loss, never in the series' own colour
                  className={`chart-bar tone-${v < 0 ? "loss" : s.tone}`}
                  x={barX(i, j)}
                  y={top}
                  width={barW}
                  height={Math.max(v === 0 ? 0 : 1, Math.abs(y(v) - y(0)))}
                />
              );
            })}
            {i % every === 0 ? (
              <text
                x={PAD.left + i * groupW + groupW / 2}
                y={HEIGHT - 6}
                className="chart-label"
                textAnchor={i === 0 ? "start" : i + every >= labels.length ? "end" : "middle"}
              >
                {label.slice(5)}
              </text>
            ) : null}
          </g>
        ))}
        {/* the scale's figures last, so no bar is drawn over them; a halo keeps them readable on a bar. Each sits by
            the bar it measures: the highest above its top, the lowest beside its foot, toward the chart's middle */}
        {all.some((v) => v > 0) ? (
          <text {...besideBar(barOf(max), "above")} className="chart-label chart-scale">
            {format(max)}
          </text>
        ) : null}
        {min < 0 ? (
          <text {...besideBar(barOf(min), "beside")} className="chart-label chart-scale">
            {format(min)}
          </text>
        ) : null}
      </svg>
      <figcaption className="chart-legend">
        {series.map((s) => (
          <span key={s.name}>
            <i className={`swatch tone-${s.tone}`} aria-hidden="true" /> {s.name}
          </span>
        ))}
        {min < 0 && lossName ? (
          <span>
            <i className="swatch tone-loss" aria-hidden="true" /> {lossName}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

/** The same figures as a table, behind a disclosure that works without JavaScript; a row's first cell is its key. */
export function ChartTable({ summary, head, rows }: { summary: string; head: string[]; rows: (string | number)[][] }) {
  const columns: Column<(string | number)[]>[] = head.map((h, i) => ({ head: h, cell: (r) => r[i] }));
  return (
    <details className="chart-table">
      <summary>{summary}</summary>
      <DataTable label={summary} columns={columns} rows={rows} rowKey={(r) => String(r[0])} />
    </details>
  );
}
