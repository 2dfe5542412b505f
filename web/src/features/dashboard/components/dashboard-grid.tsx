/**
 * The home dashboard's grid: margin 24, row height 126, breakpoints lg 1200 / md 768 / xs 0 with
 * 12 / 6 / 3 columns. Drawn with CSS grid (static-grid.tsx) until the user starts to rearrange it
 * with the pointer: react-grid-layout (interactive-grid.tsx) is fetched when the mouse comes over
 * a widget's header or resize corner, and takes over in the same places on the first press there
 * (a press made before it arrived is handed to it). The widgets' layout menus work on both grids.
 * Moving or resizing a widget saves the layout (widgets_grid_layout).
 */
import './dashboard-grid.css';
import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useQueryClient } from '@tanstack/react-query';
import type { Contract, Widget } from '@portal/contract';
import { DASHBOARD_GRID } from '@portal/contract/constants';
import { saveGridLayouts, type GridItem, type GridLayouts } from '../api/grid-layout';
import { followPress, pressTarget, replayPress, type Press } from './grid-press';
import { breakpointOf, buildLayouts, shownLayouts, type Breakpoint } from './layout';
import type * as InteractiveGridTypes from './interactive-grid';
import { StaticGrid } from './static-grid';
import { WIDGET_COMPONENTS } from './widget-registry';
import type { WidgetId } from './widget-ids';
import { WidgetErrorBoundary } from './widget-card';
import { applyLayoutAction, WidgetLayoutContext, type LayoutAction } from './widget-layout';

type InteractiveGridModule = typeof InteractiveGridTypes;
let interactiveGrid: Promise<InteractiveGridModule> | null = null;
/** The grid library, fetched once per page (again after a failure). */
function loadInteractiveGrid(): Promise<InteractiveGridModule> {
  interactiveGrid ??= import('./interactive-grid').catch((error: unknown) => {
    interactiveGrid = null;
    throw error;
  });
  return interactiveGrid;
}

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
  const container = useRef<HTMLDivElement>(null);
  const layouts = useMemo(() => buildLayouts(widgets, saved), [widgets, saved]);
  const shown = useMemo(() => shownLayouts(widgets, layouts), [widgets, layouts]);
  const ids = useMemo(() => widgets.map((widget) => widget.id), [widgets]);
  const [announcement, setAnnouncement] = useState('');
  const [interactive, setInteractive] = useState<{
    Grid: InteractiveGridModule['default'];
    width: number;
  } | null>(null);
  /** a press on the static grid waiting for the library, and how to stop following it */
  const pending = useRef<{ press: Press; stop: () => void } | null>(null);

  const breakpoint = (): Breakpoint => breakpointOf(container.current?.clientWidth ?? 0);

  /** Loads the grid library and lets it take over from the static grid. */
  const takeOver = useCallback(() => {
    loadInteractiveGrid().then(
      (module) =>
        setInteractive(
          (current) => current ?? { Grid: module.default, width: container.current?.clientWidth ?? 1280 },
        ),
      (error: unknown) => {
        // the static grid stays: its layout menus still work
        console.warn('the grid library did not load', error);
        pending.current?.stop();
        pending.current = null;
      },
    );
  }, []);

  // the press made before the library arrived goes on in the library's grid
  useEffect(() => {
    const waiting = pending.current;
    const grid = container.current;
    if (!interactive || !waiting || !grid) return;
    pending.current = null;
    void replayPress(grid, waiting.press).finally(waiting.stop);
  }, [interactive]);
  useEffect(() => () => pending.current?.stop(), []);

  const onPointerOver = (event: PointerEvent) => {
    // fetched ahead only: taking over redraws the widgets, which the first press does
    if (event.pointerType === 'mouse' && pressTarget(event.target))
      void loadInteractiveGrid().catch(() => {});
  };
  const onPointerDown = (event: PointerEvent) => {
    const followed = followPress(event.nativeEvent);
    if (!followed) return;
    pending.current?.stop();
    pending.current = followed;
    takeOver();
  };

  const persist = (items: GridItem[]) => {
    const bp = breakpoint();
    if (same(items, layouts[bp])) return;
    saveGridLayouts(queryClient, contractId, { ...saved, ...layouts, [bp]: items }).catch(onSaveError);
  };

  /** A move or resize without dragging (the card's layout menu), saved and announced. */
  const act = (widget: Widget, action: LayoutAction) => {
    const bp = breakpoint();
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

  const byId = new Map(widgets.map((widget) => [widget.id, widget]));
  const renderItem = (id: string) => {
    const widget = byId.get(id);
    if (!widget) return null;
    const Widget = WIDGET_COMPONENTS[id as WidgetId] as (typeof WIDGET_COMPONENTS)[WidgetId] | undefined;
    return (
      <WidgetLayoutContext.Provider value={{ act: (action) => act(widget, action) }}>
        <WidgetErrorBoundary>
          {Widget ? <Widget widget={widget} contractId={contractId} contract={contract} /> : null}
        </WidgetErrorBoundary>
      </WidgetLayoutContext.Provider>
    );
  };

  return (
    <div ref={container} className="dashboard-grid">
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {interactive ? (
        <interactive.Grid
          initialWidth={interactive.width}
          layouts={layouts}
          ids={ids}
          renderItem={renderItem}
          onChange={persist}
        />
      ) : (
        <StaticGrid
          layouts={shown}
          ids={ids}
          renderItem={renderItem}
          onPointerOver={onPointerOver}
          onPointerDown={onPointerDown}
        />
      )}
    </div>
  );
}
