import {
  Component,
  useDeferredValue,
  useEffect,
  useId,
  useRef,
  useState,
  type ErrorInfo,
  type ReactNode,
  type RefObject,
} from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { MenuButton } from '@/components/ui/menu-button';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { Spinner } from '@/components/ui/spinner';
import { useWidgetLayout, type LayoutAction } from './widget-layout';

const LAYOUT_ACTIONS: LayoutAction[] = ['before', 'after', 'wider', 'narrower', 'taller', 'shorter'];

/** The widget's move and resize actions for keyboard and pointer alike (WCAG 2.5.7). */
function LayoutMenu({ title }: { title: string }) {
  const { t } = useTranslation();
  const layout = useWidgetLayout();
  if (!layout) return null;
  return (
    <MenuButton
      className="widget-layout-menu"
      // drawn on the card's light header: a dark outline (WCAG 1.4.11, 3:1 for a control)
      buttonClassName="btn btn-sm btn-outline-secondary"
      label={<span aria-hidden="true">⋮</span>}
      buttonLabel={t('dashboard.layout.menu', { title })}
    >
      {() => (
        <ul className="list-unstyled mb-0">
          {LAYOUT_ACTIONS.map((action) => {
            const enabled = layout.can(action);
            return (
              <li key={action}>
                {/* the menu stays open: one press per column, row or place; an action that would
                    change nothing is aria-disabled, not disabled, so that the focus stays on it
                    when the press it just made disables it */}
                <button
                  type="button"
                  className={`dropdown-item ${enabled ? '' : 'disabled'}`}
                  aria-disabled={!enabled}
                  onClick={() => {
                    if (enabled) layout.act(action);
                  }}
                >
                  {t(`dashboard.layout.${action}`)}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </MenuButton>
  );
}

/** A render failure inside one widget shows the loading warning there, never blanks the dashboard. */
export class WidgetErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('widget failed', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? <LoadingErrorAlert /> : this.props.children;
  }
}

/** The frame of a widget: a titled region; its header is the drag handle on the grid. */
export function WidgetCard({
  title,
  widgetId,
  children,
  actions,
}: {
  title: string;
  widgetId: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const body = useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(body);
  return (
    <section className="card widget-card h-100" aria-labelledby={titleId} data-widget={widgetId}>
      <div className="card-header widget-drag-handle d-flex align-items-center gap-2">
        <h2 id={titleId} className="h6 mb-0 me-auto">
          {title}
        </h2>
        {actions}
        <LayoutMenu title={title} />
      </div>
      {/* content longer than the card scrolls inside it: then the body takes the focus, so that
          the keyboard scrolls it too */}
      <div
        ref={body}
        className="card-body widget-body"
        {...(scrolls
          ? { tabIndex: 0, role: 'region', 'aria-label': t('dashboard.widget_content', { title }) }
          : {})}
      >
        <WidgetErrorBoundary>{children}</WidgetErrorBoundary>
      </div>
    </section>
  );
}

/** Runs `task` when the browser is idle (soon after, where it cannot tell); the canceller. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 50);
  return () => clearTimeout(id);
}

/**
 * Whether an element's content is taller than the element (it scrolls), followed as both change.
 * Sizes are read where the browser has just laid the page out (a resize observation, or the frame
 * after a change of content), never right after a change: reading them there would force a layout
 * inside the task that changed the page (twelve widgets arriving at once made that the
 * dashboard's longest task). Content out of view is not laid out (content-visibility: auto): it is
 * measured when the page is idle, a short task of its own, so that a scrolling widget takes the
 * focus before the user gets to it.
 */
function useScrolls(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => setScrolls(element.scrollHeight > element.clientHeight + 1);
    /** lays the content out for this one reading (it is skipped again at the next frame) */
    const measureSkipped = () => {
      element.style.contentVisibility = 'visible';
      measure();
      element.style.contentVisibility = '';
    };
    let cancelIdle = () => {};
    const check = () => {
      cancelIdle();
      const skipped = element.firstElementChild?.checkVisibility?.({ contentVisibilityAuto: true }) === false;
      if (skipped) cancelIdle = whenIdle(measureSkipped);
      else measure();
    };
    // an observed element is reported once when observation starts: that is the first check
    const observer = new ResizeObserver(check);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    let frame = 0;
    const mutations = new MutationObserver(() => {
      for (const child of Array.from(element.children)) observer.observe(child);
      // a child removed changes no observed size: check in the next frame, which lays the page
      // out anyway
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(check);
    });
    mutations.observe(element, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      cancelIdle();
      observer.disconnect();
      mutations.disconnect();
    };
  }, [ref]);
  return scrolls;
}

/**
 * The loading and error states of a widget's own query; the content once its data has arrived.
 * A query's answer comes as a synchronous update; the content is rendered from a deferred copy of
 * it (a transition, in slices), so that twelve widgets whose data arrive together do not make one
 * long task. The spinner stays until the content is ready.
 */
export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const shown = useDeferredValue(query);
  if (shown.isError) return <LoadingErrorAlert />;
  if (shown.isPending) return <Spinner />;
  return <>{children(shown.data)}</>;
}
