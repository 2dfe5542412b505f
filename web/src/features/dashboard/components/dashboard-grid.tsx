/**
 * The home dashboard's grid (react-grid-layout 2, loaded only with the dashboard): margin 24, row
 * height 126, breakpoints lg 1200 / md 768 / xs 0 with 12 / 6 / 3 columns. Moving or resizing a
 * widget saves the layout (widgets_grid_layout).
 */
import 'react-grid-layout/css/styles.css';
import { useMemo } from 'react';
import { ResponsiveGridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import { useQueryClient } from '@tanstack/react-query';
import type { Contract, Widget } from '@portal/contract';
import { DASHBOARD_GRID } from '@portal/contract/constants';
import { saveGridLayouts, type GridItem, type GridLayouts } from '../api/grid-layout';
import { breakpointOf, buildLayouts, type Breakpoint } from './layout';
import { WIDGET_COMPONENTS } from './widget-registry';
import type { WidgetId } from './widget-ids';
import { WidgetErrorBoundary } from './widget-card';

const toItems = (layout: Layout): GridItem[] => layout.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
const same = (a: GridItem[], b: GridItem[]) =>
  a.length === b.length &&
  a.every((item) =>
    b.some((o) => o.i === item.i && o.x === item.x && o.y === item.y && o.w === item.w && o.h === item.h),
  );

export default function DashboardGrid({
  widgets,
  saved,
  contractId,
  contract,
  onSaveError,
}: {
  widgets: Widget[];
  saved: GridLayouts;
  contractId: number;
  contract: Contract | null;
  onSaveError: () => void;
}) {
  const queryClient = useQueryClient();
  const { width, containerRef, mounted } = useContainerWidth({ initialWidth: 1280 });
  const layouts = useMemo(() => buildLayouts(widgets, saved), [widgets, saved]);

  const persist = (layout: Layout) => {
    const items = toItems(layout);
    const bp: Breakpoint = breakpointOf(width);
    if (same(items, layouts[bp])) return;
    saveGridLayouts(queryClient, contractId, { ...saved, ...layouts, [bp]: items }).catch(onSaveError);
  };

  return (
    <div ref={containerRef} className="dashboard-grid">
      {mounted ? (
        <ResponsiveGridLayout
          width={width}
          breakpoints={DASHBOARD_GRID.breakpoints}
          cols={DASHBOARD_GRID.cols}
          layouts={layouts}
          rowHeight={DASHBOARD_GRID.rowHeight}
          margin={[DASHBOARD_GRID.margin, DASHBOARD_GRID.margin]}
          containerPadding={[0, 0]}
          dragConfig={{ enabled: true, handle: '.widget-drag-handle', cancel: 'a, button, input' }}
          resizeConfig={{ enabled: true, handles: ['se'] }}
          onDragStop={(layout) => persist(layout)}
          onResizeStop={(layout) => persist(layout)}
        >
          {widgets.map((widget) => {
            const Widget = WIDGET_COMPONENTS[widget.id as WidgetId] as
              (typeof WIDGET_COMPONENTS)[WidgetId] | undefined;
            return (
              <div key={widget.id} className="dashboard-grid-item">
                <WidgetErrorBoundary>
                  {Widget ? <Widget widget={widget} contractId={contractId} contract={contract} /> : null}
                </WidgetErrorBoundary>
              </div>
            );
          })}
        </ResponsiveGridLayout>
      ) : null}
    </div>
  );
}
