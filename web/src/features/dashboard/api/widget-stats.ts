/** The statistics behind the signal, request and works widgets (GET /api/widget/..., /api/public-work/report/stats). */
import { WIDGETS } from '@portal/contract/constants';
import { endpointQuery } from '@/lib/endpoint-query';

/** Works statuses counted by the public space planner widget, in display order. */
export const WORK_STATUSES = ['PLANNED', 'IN_PROGRESS', 'SUSPENDED', 'DONE', 'CANCELLED'] as const;

export const statsQueries = {
  signals: (contractId: number) =>
    endpointQuery(contractId, 'signalStats', { query: { contract: contractId } }),
  topCategories: (contractId: number, length: number = WIDGETS.signalTopCategoryLength) =>
    endpointQuery(contractId, 'signalTopCategories', { query: { contract: contractId, length } }),
  requests: (contractId: number) =>
    endpointQuery(contractId, 'requestStats', { query: { contract: contractId } }),
  works: (contractId: number) =>
    endpointQuery(contractId, 'publicWorkStats', {
      query: { contract: contractId, aggregateBy: 'currentStatus', statuses: [...WORK_STATUSES] },
    }),
};
