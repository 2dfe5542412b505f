/** The signal calls of contract/src/endpoints/signals.ts, with their query-options factory. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { SIGNAL_STATUSES as CONTRACT_SIGNAL_STATUSES } from '@portal/contract/statuses';
import type { z } from 'zod';
import type { Signal, signalStatus, signalStatusChange } from '@portal/contract';
import { callData, contractPageParams } from '@/lib/api-client';
import { derivedQuery, endpointQuery, invalidateEndpoints, listingQuery } from '@/lib/endpoint-query';

export type SignalStatus = z.infer<typeof signalStatus>;
export type SignalStatusChange = z.input<typeof signalStatusChange>;
/** the contract's statuses of a signal */
export const SIGNAL_STATUSES: readonly SignalStatus[] = CONTRACT_SIGNAL_STATUSES;

export interface SignalListQuery {
  page: number;
  q: string;
  status: SignalStatus | null;
  category: number | null;
  perPage?: number;
}

/** The query of one page of the signal list. */
function listQuery(contractId: number, query: SignalListQuery) {
  return contractPageParams(
    contractId,
    query.page,
    { q: query.q, status: query.status, category: query.category },
    query.perPage,
  );
}

export async function changeSignalStatus(signalId: number, change: SignalStatusChange): Promise<Signal> {
  return callData('changeSignalStatus', { params: { signalId }, body: change }, { errors: 'local' });
}

/** The image of a photo, as an object URL (the call needs the bearer token). */
async function getSignalPhotoUrl(photoId: number, signal?: AbortSignal): Promise<string> {
  const data = await callData('signalPhotoBinary', { params: { photoId }, signal }, { errors: 'local' });
  return URL.createObjectURL(data);
}

/** The signal reads a change of a signal can alter (its list, its detail, the dashboard's counts). */
const SIGNAL_READS = ['listSignals', 'getSignal', 'signalStats', 'signalTopCategories'] as const;

export const signalQueries = {
  // a failed page is the list's to show (a warning with a retry), never the error page
  list: (contractId: number, query: SignalListQuery) =>
    listingQuery(contractId, 'listSignals', { query: listQuery(contractId, query) }),
  detail: (contractId: number, signalId: number) =>
    endpointQuery(contractId, 'getSignal', { params: { signalId } }, { failures: 'in-place' }),
  categories: (contractId: number) =>
    queryOptions({
      ...endpointQuery(
        contractId,
        'listSignalCategories',
        { query: { contract: contractId } },
        { failures: 'in-place' },
      ),
      staleTime: 5 * 60_000,
    }),
  photo: (contractId: number, photoId: number) =>
    queryOptions({
      // an object URL made from the binary answer: a value of its own, made from that read
      ...derivedQuery(contractId, 'signal-photo-url', ['signalPhotoBinary'], photoId, (signal) =>
        getSignalPhotoUrl(photoId, signal),
      ),
      staleTime: Infinity,
    }),
};

export const invalidateSignals = (client: QueryClient, contractId: number) =>
  invalidateEndpoints(client, contractId, SIGNAL_READS);
