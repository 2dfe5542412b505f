/** The statistics behind the signal, request and works widgets (GET /api/widget/..., /api/public-work/report/stats). */
import { queryOptions } from '@tanstack/react-query';
import { WIDGETS } from '@portal/contract/constants';
import { callData } from '@/lib/api-client';
import { contractKey } from '@/lib/query-keys';

/** Works statuses counted by the public space planner widget, in display order. */
export const WORK_STATUSES = ['PLANNED', 'IN_PROGRESS', 'SUSPENDED', 'DONE', 'CANCELLED'] as const;

export const statsQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'dashboard', 'stats'] as const,
  signals: (contractId: number) =>
    queryOptions({
      queryKey: [...statsQueries.all(contractId), 'signals'],
      queryFn: ({ signal }) =>
        callData('signalStats', { query: { contract: contractId }, signal }, { errors: 'local' }),
    }),
  topCategories: (contractId: number, length: number = WIDGETS.signalTopCategoryLength) =>
    queryOptions({
      queryKey: [...statsQueries.all(contractId), 'top-categories', length],
      queryFn: ({ signal }) =>
        callData(
          'signalTopCategories',
          { query: { contract: contractId, length }, signal },
          { errors: 'local' },
        ),
    }),
  requests: (contractId: number) =>
    queryOptions({
      queryKey: [...statsQueries.all(contractId), 'requests'],
      queryFn: ({ signal }) =>
        callData('requestStats', { query: { contract: contractId }, signal }, { errors: 'local' }),
    }),
  works: (contractId: number) =>
    queryOptions({
      queryKey: [...statsQueries.all(contractId), 'works'],
      queryFn: ({ signal }) =>
        callData(
          'publicWorkStats',
          {
            query: { contract: contractId, aggregateBy: 'currentStatus', statuses: [...WORK_STATUSES] },
            signal,
          },
          { errors: 'local' },
        ),
    }),
};
