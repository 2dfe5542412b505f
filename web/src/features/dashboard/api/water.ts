/** Water widgets: the water cycle volumes, the conformity, the hydrometric sites and their measures. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { hydrometricSeries, hydrometricSite, waterConformity, waterCycle } from '@portal/contract';
import { WIDGETS } from '@portal/contract/constants';
import { request } from '@/lib/api-client';

export type WaterCycle = z.infer<typeof waterCycle>;
export type WaterConformity = z.infer<typeof waterConformity>;
export type HydrometricSite = z.infer<typeof hydrometricSite>;
export type HydrometricSeries = z.infer<typeof hydrometricSeries>;

const get = async <T>(url: string, params: Record<string, unknown>, signal: AbortSignal) =>
  (await request<T>({ url, params, signal }, { errors: 'local' })).data;

export const waterQueries = {
  all: (contractId: number) => ['contract', contractId, 'dashboard', 'water'] as const,
  cycle: (contractId: number) =>
    queryOptions({
      queryKey: [...waterQueries.all(contractId), 'cycle'],
      queryFn: ({ signal }) => get<WaterCycle>('/api/widget/water-cycle', { contract: contractId }, signal),
    }),
  conformity: (contractId: number) =>
    queryOptions({
      queryKey: [...waterQueries.all(contractId), 'conformity'],
      queryFn: ({ signal }) =>
        get<WaterConformity>('/api/widget/water-conformity', { contract: contractId }, signal),
    }),
  sites: (contractId: number) =>
    queryOptions({
      queryKey: [...waterQueries.all(contractId), 'hydro-sites'],
      queryFn: ({ signal }) =>
        get<HydrometricSite[]>('/api/hydrometry/site', { contract: contractId }, signal),
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
        get<HydrometricSeries>(
          `/api/hydrometry/site/${encodeURIComponent(siteCode)}/measure`,
          { contract: contractId, interval, max },
          signal,
        ),
    }),
};
