/**
 * Moving and resizing a widget without dragging (WCAG 2.5.7): the grid gives each widget these
 * actions; the widget's card offers them in its header. Pure layout steps, tested on their own.
 */
import { createContext, useContext } from 'react';
import type { GridItem } from '../api/grid-layout';

export type LayoutAction = 'before' | 'after' | 'wider' | 'narrower' | 'taller' | 'shorter';

/** The smallest a widget may be made: two columns (one on the narrowest grid) and two rows. */
export const MIN_ROWS = 2;
const MAX_ROWS = 8;
export const minColumns = (cols: number) => Math.min(2, cols);

const reading = (a: GridItem, b: GridItem) => a.y - b.y || a.x - b.x;

/**
 * The layout after one action on item `id` in a grid of `cols` columns: before/after swap its place
 * with the previous/next widget in reading order; the sizes change by one column or row within the
 * minimum and the grid. Null when the action changes nothing (first widget moved before, etc.).
 */
export function applyLayoutAction(
  items: readonly GridItem[],
  id: string,
  action: LayoutAction,
  cols: number,
): GridItem[] | null {
  const sorted = [...items].sort(reading);
  const index = sorted.findIndex((item) => item.i === id);
  const item = sorted[index];
  if (!item) return null;
  const replace = (changes: Partial<GridItem>, other?: [GridItem, Partial<GridItem>]) =>
    items.map((it) =>
      it.i === item.i ? { ...it, ...changes } : other && it.i === other[0].i ? { ...it, ...other[1] } : it,
    );
  switch (action) {
    case 'before':
    case 'after': {
      const other = sorted[action === 'before' ? index - 1 : index + 1];
      if (!other) return null;
      return replace({ x: Math.min(other.x, cols - item.w), y: other.y }, [
        other,
        { x: Math.min(item.x, cols - other.w), y: item.y },
      ]);
    }
    case 'wider':
      if (item.w >= cols) return null;
      return replace({ w: item.w + 1, x: Math.min(item.x, cols - item.w - 1) });
    case 'narrower':
      if (item.w <= minColumns(cols)) return null;
      return replace({ w: item.w - 1 });
    case 'taller':
      if (item.h >= MAX_ROWS) return null;
      return replace({ h: item.h + 1 });
    case 'shorter':
      if (item.h <= MIN_ROWS) return null;
      return replace({ h: item.h - 1 });
  }
}

export interface WidgetLayoutControls {
  act(action: LayoutAction): void;
  /** whether the action would change the layout (else it is offered disabled) */
  can(action: LayoutAction): boolean;
}

export const WidgetLayoutContext = createContext<WidgetLayoutControls | null>(null);

/** The layout actions of the widget being rendered, when it sits on the dashboard grid. */
export const useWidgetLayout = () => useContext(WidgetLayoutContext);
