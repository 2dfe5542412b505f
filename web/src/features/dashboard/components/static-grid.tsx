/**
 * The dashboard's grid before the user starts to rearrange it: CSS grid, no library. Each widget
 * sits where react-grid-layout would put it (the shown layouts), at each breakpoint by a container
 * query (dashboard-grid.css), with the same gutters, row height and resize corner.
 */
import type { CSSProperties, PointerEventHandler, ReactNode } from 'react';
import { DASHBOARD_GRID } from '@portal/contract/constants';
import type { GridItem } from '../api/grid-layout';
import { BREAKPOINTS, type Breakpoint } from './layout';

/** The grid lines of an item: "x+1 / span w" and "y+1 / span h". */
const lines = (item: GridItem) => ({
  column: `${item.x + 1} / span ${item.w}`,
  row: `${item.y + 1} / span ${item.h}`,
});

export function StaticGrid({
  layouts,
  ids,
  renderItem,
  onPointerOver,
  onPointerDown,
}: {
  /** the shown layouts (compacted as the library does) */
  layouts: Record<Breakpoint, GridItem[]>;
  ids: readonly string[];
  renderItem: (id: string) => ReactNode;
  onPointerOver: PointerEventHandler;
  onPointerDown: PointerEventHandler;
}) {
  const style = {
    '--dashboard-gap': `${DASHBOARD_GRID.margin}px`,
    '--dashboard-row': `${DASHBOARD_GRID.rowHeight}px`,
    ...Object.fromEntries(BREAKPOINTS.map((bp) => [`--dashboard-cols-${bp}`, DASHBOARD_GRID.cols[bp]])),
  } as CSSProperties;
  const places = new Map<string, Record<string, string>>();
  for (const bp of BREAKPOINTS) {
    for (const item of layouts[bp]) {
      const { column, row } = lines(item);
      places.set(item.i, { ...places.get(item.i), [`--${bp}-column`]: column, [`--${bp}-row`]: row });
    }
  }
  return (
    // the handlers only start loading the grid library (no action of their own)
    <div
      className="dashboard-static-grid"
      style={style}
      onPointerOver={onPointerOver}
      onPointerDown={onPointerDown}
    >
      {ids.map((id) => (
        <div
          key={id}
          className="dashboard-grid-item"
          data-grid-item={id}
          style={places.get(id) as CSSProperties}
        >
          {renderItem(id)}
          <span className="react-resizable-handle react-resizable-handle-se" />
        </div>
      ))}
    </div>
  );
}
