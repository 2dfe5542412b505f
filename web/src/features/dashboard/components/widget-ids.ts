import type { Widget } from '@portal/contract';

/** The twelve widgets of the catalogue (territorial-admin.md section 9) the dashboard draws. */
const WIDGET_IDS = [
  'signal-full',
  'signal-condensed',
  'signal-top-category',
  'last-documents',
  'document-notifications',
  'document-count',
  'hydrometric',
  'water-cycle',
  'water-conformity',
  'public-space-planner-full',
  'request-status',
  'ongoing-interventions',
] as const;
export type WidgetId = (typeof WIDGET_IDS)[number];

export const isKnownWidget = (widget: Widget): boolean =>
  (WIDGET_IDS as readonly string[]).includes(widget.id);
