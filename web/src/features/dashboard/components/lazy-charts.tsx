/** The charts load on first use: the dashboard's text figures never wait for the chart library. */
import { lazy, Suspense, type ComponentProps } from 'react';

const CountBarsChunk = lazy(() => import('./charts').then((m) => ({ default: m.CountBars })));
const TimeSeriesChunk = lazy(() => import('./charts').then((m) => ({ default: m.TimeSeries })));

export function CountBars(props: ComponentProps<typeof CountBarsChunk>) {
  return (
    <Suspense fallback={<div className="widget-chart-placeholder" style={{ height: props.height ?? 140 }} />}>
      <CountBarsChunk {...props} />
    </Suspense>
  );
}

export function TimeSeries(props: ComponentProps<typeof TimeSeriesChunk>) {
  return (
    <Suspense fallback={<div className="widget-chart-placeholder" style={{ height: props.height ?? 160 }} />}>
      <TimeSeriesChunk {...props} />
    </Suspense>
  );
}
