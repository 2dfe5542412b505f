/**
 * The layouts the dashboard grid is given: the saved positions of the shown widgets, the others
 * placed in catalogue order. Where they end up on screen (compaction, collisions) is
 * react-grid-layout's business.
 */
import type { Widget } from '@portal/contract';
import { DASHBOARD_GRID } from '@portal/contract/constants';
import type { GridItem, GridLayouts } from '../api/grid-layout';
import { MIN_ROWS, minColumns } from './widget-layout';

export type Breakpoint = keyof typeof DASHBOARD_GRID.cols;
export const BREAKPOINTS = Object.keys(DASHBOARD_GRID.cols) as Breakpoint[];

/** The catalogue's widths are out of 6 (territorial-admin.md section 9), whatever the grid's columns. */
const CATALOGUE_COLUMNS = 6;

/**
 * A widget's default size at a breakpoint: its width for that screen (out of 6: the wide width, the
 * medium one, the phone's, full width by default) scaled to the grid's columns, never under the
 * minimum size; its height in rows, at least the minimum.
 */
export function defaultSize(
  widget: Pick<Widget, 'width' | 'height' | 'mdWidth' | 'xsWidth'>,
  breakpoint: Breakpoint,
) {
  const cols = DASHBOARD_GRID.cols[breakpoint];
  const outOf6 =
    breakpoint === 'lg'
      ? widget.width
      : breakpoint === 'md'
        ? (widget.mdWidth ?? widget.width)
        : (widget.xsWidth ?? CATALOGUE_COLUMNS);
  const scaled = Math.round((Math.min(Math.max(outOf6, 1), CATALOGUE_COLUMNS) * cols) / CATALOGUE_COLUMNS);
  return { w: Math.min(cols, Math.max(minColumns(cols), scaled)), h: Math.max(MIN_ROWS, widget.height) };
}

/**
 * For each breakpoint: the saved item of each shown widget (clamped to the columns), then the
 * widgets without a saved item, flowed left to right below the saved ones.
 */
export function buildLayouts(widgets: readonly Widget[], saved: GridLayouts): Record<Breakpoint, GridItem[]> {
  const out = {} as Record<Breakpoint, GridItem[]>;
  for (const breakpoint of BREAKPOINTS) {
    const cols = DASHBOARD_GRID.cols[breakpoint];
    const savedItems = new Map((saved[breakpoint] ?? []).map((item) => [item.i, item]));
    const items: GridItem[] = [];
    const fresh: Widget[] = [];
    for (const widget of widgets) {
      const item = savedItems.get(widget.id);
      if (!item) {
        fresh.push(widget);
        continue;
      }
      const w = Math.min(item.w, cols);
      items.push({ i: widget.id, x: Math.min(item.x, cols - w), y: item.y, w, h: item.h });
    }
    let y = items.reduce((max, item) => Math.max(max, item.y + item.h), 0);
    let x = 0;
    let rowHeight = 0;
    for (const widget of fresh) {
      const { w, h } = defaultSize(widget, breakpoint);
      if (x + w > cols) {
        y += rowHeight;
        x = 0;
        rowHeight = 0;
      }
      items.push({ i: widget.id, x, y, w, h });
      x += w;
      rowHeight = Math.max(rowHeight, h);
    }
    out[breakpoint] = items;
  }
  return out;
}
