/**
 * One indicator's series as a line chart (recharts). This module is the /mon-site chart chunk:
 * only lazy-indicator-chart.tsx imports it, so the chart library loads with the indicators alone.
 */
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartPoint {
  /** the formatted date */
  x: string;
  value: number;
}

export function IndicatorChart({ data, unit, color, summary, name, height = 260 }: { data: ChartPoint[]; unit: string; color: string; summary: string; name: string; height?: number }) {
  return (
    <div role="img" aria-label={summary} className="indicator-chart">
      <ResponsiveContainer width="100%" height={height}>
        <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="x" tick={{ fontSize: 11 }} minTickGap={16} />
          <YAxis width={64} tick={{ fontSize: 11 }} unit={` ${unit}`} domain={['auto', 'auto']} />
          <Tooltip formatter={(value) => [`${String(value)} ${unit}`, name]} />
          <Line type="monotone" dataKey="value" name={name} stroke={color} strokeWidth={2} dot={data.length <= 40} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
