/** The IoT dashboards of the user and the access token their frame needs. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { thingsBoardDashboard } from '@portal/contract';
import { callData } from '@/lib/api-client';
import { contractKey } from '@/lib/query-keys';
import { readInPlace } from '@/lib/read-in-place';

export type ThingsBoardDashboard = z.infer<typeof thingsBoardDashboard>;

export const thingsBoardQueries = {
  all: (contractId: number | null) => [...contractKey(contractId), 'iot'] as const,
  dashboards: (contractId: number | null) =>
    queryOptions({
      queryKey: [...thingsBoardQueries.all(contractId), 'dashboards'],
      queryFn: ({ signal }) =>
        readInPlace(() => callData('thingsBoardDashboards', { signal }, { errors: 'local' })),
    }),
  userToken: (contractId: number | null) =>
    queryOptions({
      queryKey: [...thingsBoardQueries.all(contractId), 'user-token'],
      queryFn: async ({ signal }) =>
        (await readInPlace(() => callData('thingsBoardUserToken', { signal }, { errors: 'local' }))).token,
      staleTime: 0,
    }),
};

/** The dashboard's address with the user's access token. */
export function frameUrl(dashboard: ThingsBoardDashboard, token: string): string {
  const url = new URL(dashboard.url, window.location.href);
  url.searchParams.set('token', token);
  return url.toString();
}
