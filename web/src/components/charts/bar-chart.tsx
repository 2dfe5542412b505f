/**
 * Counts per label (statuses, categories) as bars, drawn in SVG: `columns` stand on the label axis
 * at the bottom, `rows` lie along the label axis on the left (long labels). The value axis starts
 * at 0 with whole, round ticks and a dashed grid; a label too long for its place ends with an
 * ellipsis and each bar's tooltip gives the label and the figure in full. The chart is one image
 * for assistive technologies, named by `summary`; the screens write its figures out as text too.
 */
import { useMemo } from 'react';
import { chartColor } from './colors';
import { useValueFormat } from './format';
import { bands, fitLabel, linear, niceTicks, type Measure, type Ticks } from './scale';
import { measureFor } from './measure';
import { useSize } from './use-size';
import './charts.css';

interface BarDatum {
  label: string;
  value: number;
}

export interface BarChartProps {
  data: readonly BarDatum[];
  /** the accessible name: what the chart shows, in words */
  summary: string;
  height?: number;
  orientation?: 'columns' | 'rows';
  color?: string;
  /** the width kept for the labels of `rows` */
  labelWidth?: number;
  className?: string;
  /**
   * the chart takes the height its box is given by the page's layout (class chart-fill: a flex or
   * grid cell whose height does not depend on the chart), `height` until it is measured
   */
  fill?: boolean;
}

const FONT = 11;
const MARGIN = { top: 8, right: 12, bottom: 22 };

interface Frame {
  data: readonly BarDatum[];
  width: number;
  height: number;
  color: string;
  ticks: Ticks;
  tickLabels: string[];
  format: (value: number) => string;
  measure: Measure;
}

/** Upright bars over their labels; the value axis on the left. */
function Columns({ data, width, height, color, ticks, tickLabels, format, measure }: Frame) {
  const top = MARGIN.top;
  const bottom = Math.max(top + 10, height - MARGIN.bottom);
  const left = Math.ceil(Math.max(...tickLabels.map((label) => measure(label)))) + 10;
  const right = Math.max(left + 10, width - MARGIN.right);
  const y = linear([ticks.min, ticks.max], [bottom, top]);
  const slots = bands(data.length, left, right);
  const slotWidth = data.length > 0 ? (right - left) / data.length : 0;
  return (
    <>
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
      <g className="chart-bars">
        {data.map((d, i) => {
          const slot = slots[i];
          if (!slot) return null;
          const yTop = y(Math.max(0, d.value));
          return (
            <g key={`${d.label}-${i}`}>
              <rect
                className="chart-bar"
                x={slot.offset}
                y={yTop}
                width={slot.size}
                height={Math.max(0, bottom - yTop)}
                fill={color}
              >
                <title>{`${d.label} : ${format(d.value)}`}</title>
              </rect>
              <text
                x={slot.offset + slot.size / 2}
                y={bottom + 6}
                textAnchor="middle"
                dominantBaseline="hanging"
              >
                {fitLabel(d.label, slotWidth - 4, measure)}
              </text>
            </g>
          );
        })}
      </g>
      <line className="chart-axis-line" x1={left} x2={right} y1={bottom} y2={bottom} />
    </>
  );
}

/** Bars lying along their labels (long labels fit better); the value axis at the bottom. */
function Rows({
  data,
  width,
  height,
  color,
  ticks,
  tickLabels,
  format,
  measure,
  labelWidth,
}: Frame & { labelWidth: number }) {
  const top = MARGIN.top;
  const bottom = Math.max(top + 10, height - MARGIN.bottom);
  const left = Math.min(labelWidth, Math.max(40, width / 2));
  const lastTick = tickLabels[tickLabels.length - 1] ?? '';
  const right = Math.max(left + 10, width - Math.max(MARGIN.right, measure(lastTick) / 2 + 2));
  const x = linear([ticks.min, ticks.max], [left, right]);
  const slots = bands(data.length, top, bottom);
  return (
    <>
      <g className="chart-grid">
        {ticks.values.map((tick) => (
          <line key={tick} x1={x(tick)} x2={x(tick)} y1={top} y2={bottom} />
        ))}
      </g>
      <g className="chart-axis chart-axis-x">
        {ticks.values.map((tick, i) => (
          <text key={tick} x={x(tick)} y={bottom + 6} textAnchor="middle" dominantBaseline="hanging">
            {tickLabels[i]}
          </text>
        ))}
      </g>
      <g className="chart-bars">
        {data.map((d, i) => {
          const slot = slots[i];
          if (!slot) return null;
          return (
            <g key={`${d.label}-${i}`}>
              <rect
                className="chart-bar"
                x={left}
                y={slot.offset}
                width={Math.max(0, x(Math.max(0, d.value)) - left)}
                height={slot.size}
                fill={color}
              >
                <title>{`${d.label} : ${format(d.value)}`}</title>
              </rect>
              <text x={left - 6} y={slot.offset + slot.size / 2} textAnchor="end" dominantBaseline="middle">
                {fitLabel(d.label, left - 10, measure)}
              </text>
            </g>
          );
        })}
      </g>
      <line className="chart-axis-line" x1={left} x2={left} y1={top} y2={bottom} />
    </>
  );
}

export function BarChart({
  data,
  summary,
  height: preferredHeight = 140,
  orientation = 'columns',
  color = chartColor(0),
  labelWidth = 110,
  className,
  fill = false,
}: BarChartProps) {
  const [ref, width, boxHeight] = useSize<HTMLDivElement>();
  // filling its box: the height the box is given (by a widget's card), else its own
  const height = fill && boxHeight ? boxHeight : preferredHeight;
  const format = useValueFormat();
  const measure = useMemo(() => measureFor(FONT), []);
  const ticks = useMemo(
    () =>
      niceTicks(0, Math.max(0, ...data.map((d) => d.value)), {
        count: height < 130 ? 3 : 4,
        integer: true,
        includeZero: true,
      }),
    [data, height],
  );
  const frame: Frame = {
    data,
    width,
    height,
    color,
    ticks,
    tickLabels: ticks.values.map(format),
    format,
    measure,
  };
  return (
    <div
      ref={ref}
      role="img"
      aria-label={summary}
      className={['chart', 'chart-bar-chart', fill ? 'chart-fill' : null, className]
        .filter(Boolean)
        .join(' ')}
    >
      <svg
        className="chart-svg"
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        height={height}
        aria-hidden="true"
        focusable="false"
      >
        {orientation === 'columns' ? <Columns {...frame} /> : <Rows {...frame} labelWidth={labelWidth} />}
      </svg>
    </div>
  );
}
