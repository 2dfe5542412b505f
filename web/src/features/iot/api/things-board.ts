/** The IoT dashboards of the user and the access token their frame needs. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { thingsBoardDashboard } from '@portal/contract';
import { endpointQuery } from '@/lib/endpoint-query';

export type ThingsBoardDashboard = z.infer<typeof thingsBoardDashboard>;

export const thingsBoardQueries = {
  dashboards: (contractId: number | null) =>
    endpointQuery(contractId, 'thingsBoardDashboards', {}, { failures: 'in-place' }),
  userToken: (contractId: number | null) =>
    queryOptions({
      ...endpointQuery(contractId, 'thingsBoardUserToken', {}, { failures: 'in-place' }),
      select: (answer) => answer.token,
      staleTime: 0,
    }),
};

/** The dashboard's address with the user's access token. */
export function frameUrl(dashboard: ThingsBoardDashboard, token: string): string {
  const url = new URL(dashboard.url, window.location.href);
  url.searchParams.set('token', token);
  return url.toString();
}
