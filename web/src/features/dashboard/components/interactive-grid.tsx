/**
 * The dashboard's grid once the user starts to rearrange it: react-grid-layout 2, loaded on demand
 * by dashboard-grid.tsx. It starts at the width the grid drawn before it had, so that nothing moves
 * when it takes over.
 */
import 'react-grid-layout/css/styles.css';
import { useMemo, type ReactNode } from 'react';
import { ResponsiveGridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import { DASHBOARD_GRID } from '@portal/contract/constants';
import type { GridItem } from '../api/grid-layout';
import type { Breakpoint } from './layout';
import { minColumns, MIN_ROWS } from './widget-layout';

export interface InteractiveGridProps {
  /** the width of the grid drawn before this one (px) */
  initialWidth: number;
  layouts: Record<Breakpoint, GridItem[]>;
  /** widget ids, in the catalogue's order */
  ids: readonly string[];
  renderItem: (id: string) => ReactNode;
  onChange: (items: GridItem[]) => void;
}

const toItems = (layout: Layout): GridItem[] => layout.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));

export default function InteractiveGrid({
  initialWidth,
  layouts,
  ids,
  renderItem,
  onChange,
}: InteractiveGridProps) {
  const { width, containerRef } = useContainerWidth({ initialWidth });
  // every widget keeps a minimum size, by dragging as by the keyboard
  const gridLayouts = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(layouts).map(([bp, items]) => {
          const cols = DASHBOARD_GRID.cols[bp as Breakpoint];
          return [bp, items.map((item) => ({ ...item, minW: minColumns(cols), minH: MIN_ROWS }))];
        }),
      ),
    [layouts],
  );
  return (
    <div ref={containerRef}>
      <ResponsiveGridLayout
        width={width}
        breakpoints={DASHBOARD_GRID.breakpoints}
        cols={DASHBOARD_GRID.cols}
        layouts={gridLayouts}
        rowHeight={DASHBOARD_GRID.rowHeight}
        margin={[DASHBOARD_GRID.margin, DASHBOARD_GRID.margin]}
        containerPadding={[0, 0]}
        dragConfig={{ enabled: true, handle: '.widget-drag-handle', cancel: 'a, button, input' }}
        resizeConfig={{ enabled: true, handles: ['se'] }}
        onDragStop={(layout) => onChange(toItems(layout))}
        onResizeStop={(layout) => onChange(toItems(layout))}
      >
        {ids.map((id) => (
          <div key={id} className="dashboard-grid-item" data-grid-item={id}>
            {renderItem(id)}
          </div>
        ))}
      </ResponsiveGridLayout>
    </div>
  );
}
