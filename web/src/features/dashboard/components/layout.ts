/** The dashboard grid's layouts: the saved positions of the shown widgets, others placed in catalogue order. */
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

const collides = (a: GridItem, b: GridItem) =>
  a.i !== b.i && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Pushes an item down to `y`, and the items after it (in the order being compacted) that it then
 * covers below it, as react-grid-layout's resolveCompactionCollision does.
 */
function pushDown(sorted: GridItem[], item: GridItem, y: number): void {
  item.y += 1;
  const index = sorted.findIndex((other) => other.i === item.i);
  for (let k = index + 1; k < sorted.length; k++) {
    const other = sorted[k];
    if (!other) continue;
    if (other.y > item.y + item.h) break;
    if (collides(item, other)) pushDown(sorted, other, y + item.h);
  }
  item.y = y;
}

/**
 * Where the grid shows each widget: what react-grid-layout 2 makes of the layouts it is given
 * (each item kept within the columns, then every widget moved up as far as it goes, in reading
 * order; its correctBounds and vertical compactor, without static items), in the order of the
 * widgets. The grid drawn before the library has loaded places the widgets there, so that nothing
 * moves when it takes over; layout.test.ts compares both on many layouts.
 */
export function shownLayouts(
  widgets: readonly Widget[],
  layouts: Record<Breakpoint, GridItem[]>,
): Record<Breakpoint, GridItem[]> {
  const out = {} as Record<Breakpoint, GridItem[]>;
  for (const breakpoint of BREAKPOINTS) {
    const cols = DASHBOARD_GRID.cols[breakpoint];
    const byId = new Map(layouts[breakpoint].map((item) => [item.i, item]));
    const items = widgets.flatMap((widget) => {
      const item = byId.get(widget.id);
      if (!item) return [];
      const x = item.x + item.w > cols ? cols - item.w : item.x;
      return [x < 0 ? { ...item, x: 0, w: cols } : { ...item, x }];
    });
    // the library's sorted copy is what a pushed item moves in; what it returns are new items
    const sorted = [...items].sort((a, b) => a.y - b.y || a.x - b.x);
    const placed: GridItem[] = [];
    const compacted = new Map<string, GridItem>();
    let maxY = 0;
    for (const original of sorted) {
      const item = { ...original, x: Math.max(original.x, 0), y: Math.min(Math.max(original.y, 0), maxY) };
      while (item.y > 0 && !placed.some((other) => collides(other, item))) item.y -= 1;
      for (
        let hit = placed.find((o) => collides(o, item));
        hit;
        hit = placed.find((o) => collides(o, item))
      ) {
        pushDown(sorted, item, hit.y + hit.h);
      }
      item.y = Math.max(item.y, 0);
      maxY = Math.max(maxY, item.y + item.h);
      placed.push(item);
      compacted.set(item.i, item);
    }
    out[breakpoint] = items.flatMap((item) => {
      const shown = compacted.get(item.i);
      return shown ? [{ i: shown.i, x: shown.x, y: shown.y, w: shown.w, h: shown.h }] : [];
    });
  }
  return out;
}

/**
 * The breakpoint of a container width: the widest whose threshold the width is over, as the grid
 * library decides (a width of exactly 1200 px is still md).
 */
export function breakpointOf(width: number): Breakpoint {
  const sorted = [...BREAKPOINTS].sort(
    (a, b) => DASHBOARD_GRID.breakpoints[b] - DASHBOARD_GRID.breakpoints[a],
  );
  return sorted.find((bp) => width > DASHBOARD_GRID.breakpoints[bp]) ?? 'xs';
}
