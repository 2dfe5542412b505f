/** The chart loads on first use: the rest of the site sheet never waits for the chart library. */
import { lazy, Suspense, type ComponentProps } from 'react';

const IndicatorChartChunk = lazy(() => import('./indicator-chart').then((m) => ({ default: m.IndicatorChart })));

export function IndicatorChart(props: ComponentProps<typeof IndicatorChartChunk>) {
  return (
    <Suspense fallback={<div className="indicator-chart-placeholder" style={{ height: props.height ?? 260 }} />}>
      <IndicatorChartChunk {...props} />
    </Suspense>
  );
}
