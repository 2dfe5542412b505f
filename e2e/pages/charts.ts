// The portal's charts (web/src/components/charts) are drawn in SVG: an image (role img, named by
// what it shows) whose lines and dots have no role of their own, so they are found by their class.
import type { Locator } from '@playwright/test';

/** The drawing of a chart (its SVG). */
export function chartDrawing(chart: Locator): Locator {
  return chart.locator('svg').first();
}

/** The lines a chart (or every chart inside a container) draws: one per series. */
export function chartLines(chart: Locator): Locator {
  return chart.locator('.chart-line-path');
}

/** The dots of a line chart: one per value. */
export function chartDots(chart: Locator): Locator {
  return chart.locator('.chart-dot');
}
