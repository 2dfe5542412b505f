import { Component, useId, type ErrorInfo, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadingErrorAlert } from '@/components/ui/alerts';
import { Spinner } from '@/components/ui/spinner';

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
  const titleId = useId();
  return (
    <section className="card widget-card h-100" aria-labelledby={titleId} data-widget={widgetId}>
      <div className="card-header widget-drag-handle d-flex align-items-center gap-2">
        <h2 id={titleId} className="h6 mb-0 me-auto">
          {title}
        </h2>
        {actions}
      </div>
      <div className="card-body widget-body">
        <WidgetErrorBoundary>{children}</WidgetErrorBoundary>
      </div>
    </section>
  );
}

/** The loading and error states of a widget's own query; the content once its data has arrived. */
export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) return <LoadingErrorAlert />;
  if (query.isPending) return <Spinner />;
  return <>{children(query.data)}</>;
}
