/**
 * The home dashboard's grid (react-grid-layout 2, loaded only with the dashboard): margin 24, row
 * height 126, breakpoints lg 1200 / md 768 / xs 0 with 12 / 6 / 3 columns. Moving or resizing a
 * widget saves the layout (widgets_grid_layout).
 */
import 'react-grid-layout/css/styles.css';
import './dashboard-grid.css';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveGridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import { useQueryClient } from '@tanstack/react-query';
import type { Contract, Widget } from '@portal/contract';
import { DASHBOARD_GRID } from '@portal/contract/constants';
import { saveGridLayouts, type GridItem, type GridLayouts } from '../api/grid-layout';
import { breakpointOf, buildLayouts, type Breakpoint } from './layout';
import { WIDGET_COMPONENTS } from './widget-registry';
import type { WidgetId } from './widget-ids';
import { WidgetErrorBoundary } from './widget-card';
import {
  applyLayoutAction,
  minColumns,
  MIN_ROWS,
  WidgetLayoutContext,
  type LayoutAction,
} from './widget-layout';

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
  const { t } = useTranslation();
  const layouts = useMemo(() => buildLayouts(widgets, saved), [widgets, saved]);
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
  const [announcement, setAnnouncement] = useState('');

  const persist = (layout: Layout) => {
    const items = toItems(layout);
    const bp: Breakpoint = breakpointOf(width);
    if (same(items, layouts[bp])) return;
    saveGridLayouts(queryClient, contractId, { ...saved, ...layouts, [bp]: items }).catch(onSaveError);
  };

  /** A move or resize without dragging (the card's layout menu), saved and announced. */
  const act = (widget: Widget, action: LayoutAction) => {
    const bp: Breakpoint = breakpointOf(width);
    const cols = DASHBOARD_GRID.cols[bp];
    const next = applyLayoutAction(layouts[bp], widget.id, action, cols);
    if (!next) return;
    saveGridLayouts(queryClient, contractId, { ...saved, ...layouts, [bp]: next }).catch(onSaveError);
    const item = next.find((it) => it.i === widget.id);
    if (!item) return;
    const order = [...next].sort((a, b) => a.y - b.y || a.x - b.x);
    setAnnouncement(
      action === 'before' || action === 'after'
        ? t('dashboard.layout.moved', {
            title: widget.label,
            position: order.findIndex((it) => it.i === widget.id) + 1,
            count: order.length,
          })
        : t('dashboard.layout.resized', { title: widget.label, w: item.w, cols, h: item.h }),
    );
  };

  return (
    <div ref={containerRef} className="dashboard-grid">
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {mounted ? (
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
          onDragStop={(layout) => persist(layout)}
          onResizeStop={(layout) => persist(layout)}
        >
          {widgets.map((widget) => {
            const Widget = WIDGET_COMPONENTS[widget.id as WidgetId] as
              (typeof WIDGET_COMPONENTS)[WidgetId] | undefined;
            return (
              <div key={widget.id} className="dashboard-grid-item">
                <WidgetLayoutContext.Provider value={{ act: (action) => act(widget, action) }}>
                  <WidgetErrorBoundary>
                    {Widget ? <Widget widget={widget} contractId={contractId} contract={contract} /> : null}
                  </WidgetErrorBoundary>
                </WidgetLayoutContext.Provider>
              </div>
            );
          })}
        </ResponsiveGridLayout>
      ) : null}
    </div>
  );
}
