/**
 * The widget catalogue and the displayed_widgets configuration, shared by the widget preferences
 * modal and the home dashboard (kept apart from the modal so the dashboard does not load it).
 */
import { queryOptions } from '@tanstack/react-query';
import { USER_CONFIG } from '@portal/contract/constants';
import { derivedQuery, endpointQuery } from '@/lib/endpoint-query';
import { parseConfigurationData } from '@/lib/auth/configuration-data';
import { getUserConfiguration, USER_CONFIGURATION_READS } from '@/lib/auth/user-configuration';

/** displayed_widgets: widget id -> shown. A widget without an entry is shown. */
export type DisplayedWidgets = Record<string, boolean>;

export const widgetQueries = {
  catalogue: (contractId: number | null) =>
    queryOptions({
      ...endpointQuery(contractId, 'listWidgets', {}),
      staleTime: Infinity,
    }),
  displayed: (contractId: number | null) =>
    derivedQuery(contractId, 'displayed-widgets', USER_CONFIGURATION_READS, null, async () => {
      const data = parseConfigurationData(await getUserConfiguration(USER_CONFIG.displayedWidgets));
      return Object.fromEntries(
        Object.entries(data).map(([id, value]) => [id, value === true || value === '1']),
      ) as DisplayedWidgets;
    }),
};
