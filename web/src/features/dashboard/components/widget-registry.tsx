/** Which component draws each widget of the catalogue. */
import type { ComponentType } from 'react';
import { OngoingInterventionsWidget, RequestStatusWidget, WorksWidget } from './widgets/activity-widgets';
import {
  DocumentCountWidget,
  DocumentNotificationsWidget,
  LastDocumentsWidget,
} from './widgets/document-widgets';
import { SignalCondensedWidget, SignalFullWidget, SignalTopCategoryWidget } from './widgets/signal-widgets';
import { HydrometricWidget, WaterConformityWidget, WaterCycleWidget } from './widgets/water-widgets';
import type { WidgetProps } from './widgets/types';
import type { WidgetId } from './widget-ids';

export const WIDGET_COMPONENTS: Record<WidgetId, ComponentType<WidgetProps>> = {
  'signal-full': SignalFullWidget,
  'signal-condensed': SignalCondensedWidget,
  'signal-top-category': SignalTopCategoryWidget,
  'last-documents': LastDocumentsWidget,
  'document-notifications': DocumentNotificationsWidget,
  'document-count': DocumentCountWidget,
  hydrometric: HydrometricWidget,
  'water-cycle': WaterCycleWidget,
  'water-conformity': WaterConformityWidget,
  'public-space-planner-full': WorksWidget,
  'request-status': RequestStatusWidget,
  'ongoing-interventions': OngoingInterventionsWidget,
};
