/**
 * The widget catalogue and the displayed_widgets configuration, shared by the widget preferences
 * modal and the home dashboard (kept apart from the modal so the dashboard does not load it).
 */
import { queryOptions } from '@tanstack/react-query';
import { USER_CONFIG } from '@portal/contract/constants';
import { endpointQuery } from '@/lib/endpoint-query';
import { parseConfigurationData } from '@/lib/auth/configuration-data';
import { getUserConfiguration } from '@/lib/auth/user-configuration';
import { contractKey } from '@/lib/query-keys';

/** displayed_widgets: widget id -> shown. A widget without an entry is shown. */
export type DisplayedWidgets = Record<string, boolean>;

export const widgetQueries = {
  catalogue: (contractId: number | null) =>
    queryOptions({
      ...endpointQuery(contractId, 'listWidgets', {}),
      staleTime: Infinity,
    }),
  displayed: (contractId: number | null) =>
    queryOptions({
      queryKey: [...contractKey(contractId), 'widgets', 'displayed'],
      queryFn: async () => {
        const data = parseConfigurationData(await getUserConfiguration(USER_CONFIG.displayedWidgets));
        return Object.fromEntries(
          Object.entries(data).map(([id, value]) => [id, value === true || value === '1']),
        ) as DisplayedWidgets;
      },
    }),
};
