/**
 * The dashboard's plots (recharts). This module loads only with the widgets that draw a chart
 * (see lazy-charts.tsx); every figure is also written out next to it as text.
 */
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export const CHART_COLORS = ['#1f4e79', '#c05800', '#2e7d32', '#6a1b9a', '#00838f'];

export interface BarDatum {
  label: string;
  count: number;
}

/** Counts per status or category, as bars. */
export function CountBars({ data, summary, height = 140, layout = 'horizontal' }: { data: BarDatum[]; summary: string; height?: number; layout?: 'horizontal' | 'vertical' }) {
  return (
    <div role="img" aria-label={summary} className="widget-chart">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} layout={layout} accessibilityLayer={false} margin={{ top: 4, right: 8, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          {layout === 'horizontal' ? (
            <>
              <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={0} />
              <YAxis allowDecimals={false} width={32} tick={{ fontSize: 11 }} />
            </>
          ) : (
            <>
              <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
              <YAxis type="category" dataKey="label" width={110} tick={{ fontSize: 11 }} />
            </>
          )}
          <Tooltip />
          <Bar dataKey="count" fill={CHART_COLORS[0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export interface SeriesSpec {
  key: string;
  label: string;
}

/** One or more time series over a shared x axis (formatted labels). */
export function TimeSeries({ data, series, summary, height = 160, unit }: { data: Record<string, string | number>[]; series: SeriesSpec[]; summary: string; height?: number; unit?: string }) {
  return (
    <div role="img" aria-label={summary} className="widget-chart">
      <ResponsiveContainer width="100%" height={height}>
        <LineChart data={data} accessibilityLayer={false} margin={{ top: 4, right: 8, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="x" tick={{ fontSize: 11 }} />
          <YAxis width={48} tick={{ fontSize: 11 }} unit={unit} />
          <Tooltip />
          {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 11 }} /> : null}
          {series.map((s, index) => (
            <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={CHART_COLORS[index % CHART_COLORS.length]} dot={false} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
