/** The statistics behind the signal, request and works widgets (GET /api/widget/..., /api/public-work/report/stats). */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { publicWorkStats, requestStats, signalStats, topCategories } from '@portal/contract';
import { WIDGETS } from '@portal/contract/constants';
import { request } from '@/lib/api-client';

export type SignalStats = z.infer<typeof signalStats>;
export type TopCategories = z.infer<typeof topCategories>;
export type RequestStats = z.infer<typeof requestStats>;
export type WorkStats = z.infer<typeof publicWorkStats>;

/** Works statuses counted by the public space planner widget, in display order. */
export const WORK_STATUSES = ['PLANNED', 'IN_PROGRESS', 'SUSPENDED', 'DONE', 'CANCELLED'] as const;

const get = async <T>(url: string, params: Record<string, unknown>, signal: AbortSignal) =>
  (await request<T>({ url, params, signal }, { errors: 'local' })).data;

export const statsQueries = {
  all: (contractId: number) => ['contract', contractId, 'dashboard', 'stats'] as const,
  signals: (contractId: number) =>
    queryOptions({
      queryKey: [...statsQueries.all(contractId), 'signals'],
      queryFn: ({ signal }) => get<SignalStats>('/api/widget/signal/stats', { contract: contractId }, signal),
    }),
  topCategories: (contractId: number, length: number = WIDGETS.signalTopCategoryLength) =>
    queryOptions({
      queryKey: [...statsQueries.all(contractId), 'top-categories', length],
      queryFn: ({ signal }) =>
        get<TopCategories>('/api/widget/signal/top-category', { contract: contractId, length }, signal),
    }),
  requests: (contractId: number) =>
    queryOptions({
      queryKey: [...statsQueries.all(contractId), 'requests'],
      queryFn: ({ signal }) =>
        get<RequestStats>('/api/widget/request/stats', { contract: contractId }, signal),
    }),
  works: (contractId: number) =>
    queryOptions({
      queryKey: [...statsQueries.all(contractId), 'works'],
      queryFn: ({ signal }) =>
        get<WorkStats>(
          '/api/public-work/report/stats',
          { contract: contractId, aggregateBy: 'currentStatus', statuses: WORK_STATUSES.join(',') },
          signal,
        ),
    }),
};
