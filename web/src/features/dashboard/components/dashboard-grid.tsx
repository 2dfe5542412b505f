/**
 * The home dashboard's grid, drawn by react-grid-layout from the start: margin 24, row height 126,
 * breakpoints lg 1200 / md 768 / xs 0 with 12 / 6 / 3 columns. This module (and with it the
 * library) is loaded by the home page only for a user who has widgets to see. Moving or resizing a
 * widget, by dragging or with its layout menu, saves the layout (widgets_grid_layout).
 */
import 'react-grid-layout/css/styles.css';
import './dashboard-grid.css';
import { useMemo, useState } from 'react';
import { ResponsiveGridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import { getBreakpointFromWidth } from 'react-grid-layout/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import type { Contract, Widget } from '@portal/contract';
import { DASHBOARD_GRID } from '@portal/contract/constants';
import { saveGridLayouts, type GridItem, type GridLayouts } from '../api/grid-layout';
import { buildLayouts, type Breakpoint } from './layout';
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

export function DashboardGrid({
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
  const { t } = useTranslation();
  // the grid is drawn once its width is known: it never starts at a guessed width and moves
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
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
  /** the places the grid shows (compacted by the library), as it last reported them */
  const [reported, setReported] = useState<{ bp: Breakpoint; items: GridItem[] } | null>(null);

  const bp = getBreakpointFromWidth(DASHBOARD_GRID.breakpoints, width);
  const cols = DASHBOARD_GRID.cols[bp];
  // the layout menus act on what the user sees: the grid's places, else the layout it was given
  const current = reported?.bp === bp ? reported.items : layouts[bp];

  const save = (items: GridItem[]) =>
    saveGridLayouts(queryClient, contractId, { ...saved, ...layouts, [bp]: items }).catch(onSaveError);

  const persist = (layout: Layout) => {
    const items = toItems(layout);
    if (!same(items, layouts[bp])) void save(items);
  };

  /** A move or resize without dragging (the card's layout menu), saved and announced. */
  const act = (widget: Widget, action: LayoutAction) => {
    const next = applyLayoutAction(current, widget.id, action, cols);
    if (!next) return;
    // the next press acts on this layout, even before the grid reports its new places
    setReported({ bp, items: next });
    void save(next);
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

  const byId = new Map(widgets.map((widget) => [widget.id, widget]));
  const renderItem = (id: string) => {
    const widget = byId.get(id);
    if (!widget) return null;
    const Widget = WIDGET_COMPONENTS[id as WidgetId] as (typeof WIDGET_COMPONENTS)[WidgetId] | undefined;
    const controls = {
      act: (action: LayoutAction) => act(widget, action),
      // an action that would change nothing (the first widget moved before...) is offered disabled
      can: (action: LayoutAction) => applyLayoutAction(current, id, action, cols) !== null,
    };
    return (
      <WidgetLayoutContext.Provider value={controls}>
        <WidgetErrorBoundary>
          {Widget ? <Widget widget={widget} contractId={contractId} contract={contract} /> : null}
        </WidgetErrorBoundary>
      </WidgetLayoutContext.Provider>
    );
  };

  return (
    <div className="dashboard-grid">
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <div ref={containerRef}>
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
            onLayoutChange={(layout) =>
              setReported({
                bp: getBreakpointFromWidth(DASHBOARD_GRID.breakpoints, width),
                items: toItems(layout),
              })
            }
            onDragStop={persist}
            onResizeStop={persist}
          >
            {widgets.map((widget) => (
              <div key={widget.id} className="dashboard-grid-item" data-grid-item={widget.id}>
                {renderItem(widget.id)}
              </div>
            ))}
          </ResponsiveGridLayout>
        ) : null}
      </div>
    </div>
  );
}
