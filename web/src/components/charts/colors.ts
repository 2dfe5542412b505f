/**
 * The charts' series colours, in order. Each reads at 3:1 or more on white (WCAG 1.4.11, non-text
 * contrast) and they differ in hue and lightness so that neighbouring lines stay apart.
 */
export const CHART_COLORS = ['#1f4e79', '#c05800', '#2e7d32', '#6a1b9a', '#00838f', '#ad1457'] as const;

export const chartColor = (index: number): string =>
  CHART_COLORS[index % CHART_COLORS.length] ?? CHART_COLORS[0];
