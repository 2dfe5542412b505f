/** Water widgets: the water cycle volumes, the conformity, the hydrometric sites and their measures. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { hydrometricSite } from '@portal/contract';
import { WIDGETS } from '@portal/contract/constants';
import { callData } from '@/lib/api-client';
import { contractKey } from '@/lib/query-keys';

export type HydrometricSite = z.infer<typeof hydrometricSite>;

export const waterQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'dashboard', 'water'] as const,
  cycle: (contractId: number) =>
    queryOptions({
      queryKey: [...waterQueries.all(contractId), 'cycle'],
      queryFn: ({ signal }) =>
        callData('waterCycle', { query: { contract: contractId }, signal }, { errors: 'local' }),
    }),
  conformity: (contractId: number) =>
    queryOptions({
      queryKey: [...waterQueries.all(contractId), 'conformity'],
      queryFn: ({ signal }) =>
        callData('waterConformity', { query: { contract: contractId }, signal }, { errors: 'local' }),
    }),
  sites: (contractId: number) =>
    queryOptions({
      queryKey: [...waterQueries.all(contractId), 'hydro-sites'],
      queryFn: ({ signal }) =>
        callData('hydrometricSites', { query: { contract: contractId }, signal }, { errors: 'local' }),
    }),
  series: (
    contractId: number,
    siteCode: string,
    interval: number = WIDGETS.hydroInterval,
    max: number = WIDGETS.hydroMax,
  ) =>
    queryOptions({
      queryKey: [...waterQueries.all(contractId), 'hydro-series', siteCode, interval, max],
      queryFn: ({ signal }) =>
        callData(
          'hydrometricSeries',
          { params: { siteCode }, query: { contract: contractId, interval, max }, signal },
          { errors: 'local' },
        ),
    }),
};
