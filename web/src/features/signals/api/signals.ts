/** The signal calls of contract/src/endpoints/operations.ts, with their query-options factory. */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { SIGNAL_STATUSES as CONTRACT_SIGNAL_STATUSES } from '@portal/contract/statuses';
import type { z } from 'zod';
import type { Signal, signalCategory, signalStatus, signalStatusChange } from '@portal/contract';
import { callData, call, contractPageParams } from '@/lib/api-client';
import { readInPlace } from '@/lib/read-in-place';
import { contractKey } from '@/lib/query-keys';

export type SignalStatus = z.infer<typeof signalStatus>;
export type SignalCategory = z.infer<typeof signalCategory>;
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

async function getSignals(contractId: number, query: SignalListQuery, signal?: AbortSignal) {
  return call(
    'listSignals',
    {
      query: contractPageParams(
        contractId,
        query.page,
        { q: query.q, status: query.status, category: query.category },
        query.perPage,
      ),
      signal,
    },
    // a failed load is the list's to show (a warning with a retry), never the error page
    { errors: 'local' },
  );
}

async function getSignal(signalId: number, signal?: AbortSignal): Promise<Signal> {
  return readInPlace(() => callData('getSignal', { params: { signalId }, signal }, { errors: 'local' }));
}

async function getSignalCategories(contractId: number, signal?: AbortSignal): Promise<SignalCategory[]> {
  return readInPlace(() =>
    callData('listSignalCategories', { query: { contract: contractId }, signal }, { errors: 'local' }),
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

export const signalQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'signals'] as const,
  list: (contractId: number, query: SignalListQuery) =>
    queryOptions({
      queryKey: [...signalQueries.all(contractId), 'list', query],
      queryFn: ({ signal }) => getSignals(contractId, query, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (contractId: number, signalId: number) =>
    queryOptions({
      queryKey: [...signalQueries.all(contractId), 'detail', signalId],
      queryFn: ({ signal }) => getSignal(signalId, signal),
    }),
  categories: (contractId: number) =>
    queryOptions({
      queryKey: [...signalQueries.all(contractId), 'categories'],
      queryFn: ({ signal }) => getSignalCategories(contractId, signal),
      staleTime: 5 * 60_000,
    }),
  photo: (contractId: number, photoId: number) =>
    queryOptions({
      queryKey: [...signalQueries.all(contractId), 'photo', photoId],
      queryFn: ({ signal }) => getSignalPhotoUrl(photoId, signal),
      staleTime: Infinity,
    }),
};

export const invalidateSignals = (client: QueryClient, contractId: number) =>
  client.invalidateQueries({ queryKey: signalQueries.all(contractId) });
