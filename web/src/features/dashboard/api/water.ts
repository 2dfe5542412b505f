/** Water widgets: the water cycle volumes, the conformity, the hydrometric sites and their measures. */
import type { z } from 'zod';
import type { hydrometricSite } from '@portal/contract';
import { WIDGETS } from '@portal/contract/constants';
import { endpointQuery } from '@/lib/endpoint-query';

export type HydrometricSite = z.infer<typeof hydrometricSite>;

export const waterQueries = {
  cycle: (contractId: number) => endpointQuery(contractId, 'waterCycle', { query: { contract: contractId } }),
  conformity: (contractId: number) =>
    endpointQuery(contractId, 'waterConformity', { query: { contract: contractId } }),
  sites: (contractId: number) =>
    endpointQuery(contractId, 'hydrometricSites', { query: { contract: contractId } }),
  series: (
    contractId: number,
    siteCode: string,
    interval: number = WIDGETS.hydroInterval,
    max: number = WIDGETS.hydroMax,
  ) =>
    endpointQuery(contractId, 'hydrometricSeries', {
      params: { siteCode },
      query: { contract: contractId, interval, max },
    }),
};
