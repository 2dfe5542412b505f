/**
 * One or more series over a shared x axis of labels (dates, months), drawn in SVG: a value axis
 * with round ticks and a dashed grid, the x labels thinned so that none overlaps, a legend when
 * there is more than one series, and each x value's figures as a tooltip. The chart is one image
 * for assistive technologies, named by `summary`; the screens write its figures out as text too.
 */
import { useMemo } from 'react';
import { chartColor } from './colors';
import { useValueFormat } from './format';
import { labelStep, linear, niceTicks, points } from './scale';
import { measureFor } from './measure';
import { useSize } from './use-size';
import './charts.css';

interface LineSeries {
  /** the key of the series' values in each row of data */
  key: string;
  label: string;
  /** defaults to the chart palette, in order */
  color?: string;
}

type LineRow = { x: string } & Record<string, string | number | null | undefined>;

export interface LineChartProps {
  /** one row per x label (`x`), with each series' value under its key (a missing value breaks the line) */
  data: readonly LineRow[];
  series: readonly LineSeries[];
  /** the accessible name: what the chart shows, in words */
  summary: string;
  /** the chart's total height in pixels, legend included */
  height?: number;
  /** written after each tick and tooltip value */
  unit?: string;
  /** `zero`: the value axis starts at 0 (counts, volumes); `data`: it fits the values (measures) */
  domain?: 'zero' | 'data';
  /** a dot on each value; by default while there are at most 40 rows */
  dots?: boolean;
  strokeWidth?: number;
  className?: string;
  /**
   * the chart takes the height its box is given by the page's layout (class chart-fill: a flex or
   * grid cell whose height does not depend on the chart), `height` until it is measured
   */
  fill?: boolean;
}

const FONT = 11;
const LEGEND_HEIGHT = 20;
const MARGIN = { top: 8, right: 12, bottom: 22 };

const valueOf = (row: LineRow, key: string): number | null => {
  const value = row[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** The SVG path of a series: straight segments, a gap where a value is missing. */
export function linePath(xs: readonly number[], ys: readonly (number | null)[]): string {
  let path = '';
  let open = false;
  ys.forEach((y, i) => {
    const x = xs[i];
    if (y === null || x === undefined) {
      open = false;
      return;
    }
    path += `${open ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`;
    open = true;
  });
  return path;
}

/** One series: its line, and a dot on each value when asked. */
function SeriesLine({
  xs,
  ys,
  color,
  strokeWidth,
  dots,
}: {
  xs: readonly number[];
  ys: readonly (number | null)[];
  color: string;
  strokeWidth: number;
  dots: boolean;
}) {
  return (
    <g className="chart-series">
      <path
        className="chart-line-path"
        d={linePath(xs, ys)}
        fill="none"
        stroke={color}
        strokeWidth={strokeWidth}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      {dots
        ? ys.map((cy, i) =>
            cy === null ? null : (
              <circle key={i} className="chart-dot" cx={xs[i]} cy={cy} r={2.5} fill={color} />
            ),
          )
        : null}
    </g>
  );
}

export function LineChart({
  data,
  series,
  summary,
  height: preferredHeight = 160,
  unit,
  domain = 'zero',
  dots,
  strokeWidth = 2,
  className,
  fill = false,
}: LineChartProps) {
  const [ref, width, boxHeight] = useSize<HTMLDivElement>();
  // filling its box: the height the box is given (by a widget's card), else its own
  const height = fill && boxHeight ? boxHeight : preferredHeight;
  const format = useValueFormat(unit);
  const measure = useMemo(() => measureFor(FONT), []);
  const legend = series.length > 1;
  const svgHeight = legend ? height - LEGEND_HEIGHT : height;
  const showDots = dots ?? data.length <= 40;

  const ticks = useMemo(() => {
    const values = data
      .flatMap((row) => series.map((s) => valueOf(row, s.key)))
      .filter((v): v is number => v !== null);
    const lo = values.length > 0 ? Math.min(...values) : 0;
    const hi = values.length > 0 ? Math.max(...values) : 0;
    return niceTicks(lo, hi, { count: svgHeight < 130 ? 3 : 4, includeZero: domain === 'zero' });
  }, [data, series, domain, svgHeight]);

  const tickLabels = ticks.values.map(format);
  const left = Math.ceil(Math.max(...tickLabels.map((label) => measure(label)))) + 10;
  const right = Math.max(left + 10, width - MARGIN.right);
  const top = MARGIN.top;
  const bottom = Math.max(top + 10, svgHeight - MARGIN.bottom);
  const y = linear([ticks.min, ticks.max], [bottom, top]);
  const xs = points(data.length, left, right);
  const slot = data.length > 1 ? (right - left) / (data.length - 1) : right - left;
  // the first label starts at the axis and the last ends at it: the first and second labels need
  // one and a half widths between their points, which also clears every middle pair
  const step = labelStep(data.length, slot, 1.5 * Math.max(0, ...data.map((row) => measure(row.x))));
  // a label that would cross the right edge ends at its point instead
  const anchorOf = (i: number, x: number, label: string) =>
    data.length === 1 ? 'middle' : i === 0 ? 'start' : x + measure(label) / 2 > width - 2 ? 'end' : 'middle';

  return (
    <div
      ref={ref}
      role="img"
      aria-label={summary}
      className={['chart', 'chart-line', fill ? 'chart-fill' : null, className].filter(Boolean).join(' ')}
    >
      <svg
        className="chart-svg"
        viewBox={`0 0 ${width} ${svgHeight}`}
        width="100%"
        height={svgHeight}
        aria-hidden="true"
        focusable="false"
      >
        <g className="chart-grid">
          {ticks.values.map((tick) => (
            <line key={tick} x1={left} x2={right} y1={y(tick)} y2={y(tick)} />
          ))}
        </g>
        <g className="chart-axis chart-axis-y">
          {ticks.values.map((tick, i) => (
            <text key={tick} x={left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
              {tickLabels[i]}
            </text>
          ))}
        </g>
        <g className="chart-axis chart-axis-x">
          <line className="chart-axis-line" x1={left} x2={right} y1={bottom} y2={bottom} />
          {data.map((row, i) =>
            i % step === 0 ? (
              <text
                key={i}
                x={xs[i]}
                y={bottom + 6}
                dominantBaseline="hanging"
                textAnchor={anchorOf(i, xs[i] ?? left, row.x)}
              >
                {row.x}
              </text>
            ) : null,
          )}
        </g>
        {series.map((s, index) => (
          <SeriesLine
            key={s.key}
            xs={xs}
            ys={data.map((row) => {
              const value = valueOf(row, s.key);
              return value === null ? null : y(value);
            })}
            color={s.color ?? chartColor(index)}
            strokeWidth={strokeWidth}
            dots={showDots}
          />
        ))}
        <g className="chart-hits">
          {data.map((row, i) => {
            const x = xs[i] ?? left;
            const half = data.length > 1 ? slot / 2 : (right - left) / 2;
            const figures = series
              .map((s) => {
                const value = valueOf(row, s.key);
                return value === null ? null : `${series.length > 1 ? `${s.label} : ` : ''}${format(value)}`;
              })
              .filter(Boolean)
              .join(', ');
            return (
              <rect
                key={i}
                className="chart-hit"
                x={Math.max(left, x - half)}
                y={top}
                width={Math.min(right, x + half) - Math.max(left, x - half)}
                height={bottom - top}
              >
                <title>{`${row.x} : ${figures || '—'}`}</title>
              </rect>
            );
          })}
        </g>
      </svg>
      {legend ? (
        <ul className="chart-legend" style={{ minHeight: LEGEND_HEIGHT }}>
          {series.map((s, index) => (
            <li key={s.key}>
              <span className="chart-swatch" style={{ background: s.color ?? chartColor(index) }} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
