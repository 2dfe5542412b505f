/** The service-request calls of contract/src/endpoints/operations.ts, with their query-options factory. */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  requestDraftInput,
  requestDraftUpdate,
  requestStatus,
  requestType,
  ServiceRequest,
  Signal,
} from '@portal/contract';
import { call, callData, contractPageParams } from '@/lib/api-client';
import { readInPlace } from '@/lib/read-in-place';
import { contractKey } from '@/lib/query-keys';

export type RequestStatus = z.infer<typeof requestStatus>;
export type RequestType = z.infer<typeof requestType>;
export type DraftInput = z.input<typeof requestDraftInput>;
export type DraftUpdate = z.input<typeof requestDraftUpdate>;

export interface RequestListQuery {
  page: number;
  q: string;
  status: RequestStatus | null;
  perPage?: number;
}

function getRequests(contractId: number, query: RequestListQuery, signal?: AbortSignal) {
  return call(
    'listRequests',
    {
      query: contractPageParams(contractId, query.page, { q: query.q, status: query.status }, query.perPage),
      signal,
    },
    // a failed load is the list's to show (a warning with a retry), never the error page
    { errors: 'local' },
  );
}

async function getRequest(requestId: number, signal?: AbortSignal): Promise<ServiceRequest> {
  return readInPlace(() => callData('getRequest', { params: { requestId }, signal }, { errors: 'local' }));
}

async function getRequestTypes(contractId: number, signal?: AbortSignal): Promise<RequestType[]> {
  return readInPlace(() =>
    callData('listRequestTypes', { query: { contract: contractId }, signal }, { errors: 'local' }),
  );
}

/** The signal a request starts from; a user without the signal roles gets an error shown on the screen. */
async function getSourceSignal(signalId: number, signal?: AbortSignal): Promise<Signal> {
  return callData('getSignal', { params: { signalId }, signal }, { errors: 'local' });
}

export async function createDraft(input: DraftInput): Promise<ServiceRequest> {
  return callData('createRequestDraft', { body: input }, { errors: 'local' });
}

export async function saveDraft(requestId: number, update: DraftUpdate): Promise<ServiceRequest> {
  return callData('updateRequestDraft', { params: { requestId }, body: update }, { errors: 'local' });
}

/**
 * The draft's last save as the page goes away (a reload, a closed tab): the browser still sends a
 * keepalive call after the page is gone; nobody is left to read its answer.
 */
export function saveDraftOnExit(requestId: number, update: DraftUpdate): void {
  void call(
    'updateRequestDraft',
    { params: { requestId }, body: update },
    { errors: 'local', keepalive: true },
  ).catch(() => undefined);
}

export async function submitRequest(requestId: number): Promise<ServiceRequest> {
  return callData('submitRequest', { params: { requestId } }, { errors: 'local' });
}

export const requestQueries = {
  all: (contractId: number) => [...contractKey(contractId), 'requests'] as const,
  list: (contractId: number, query: RequestListQuery) =>
    queryOptions({
      queryKey: [...requestQueries.all(contractId), 'list', query],
      queryFn: ({ signal }) => getRequests(contractId, query, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (contractId: number, requestId: number) =>
    queryOptions({
      queryKey: [...requestQueries.all(contractId), 'detail', requestId],
      queryFn: ({ signal }) => getRequest(requestId, signal),
    }),
  types: (contractId: number) =>
    queryOptions({
      queryKey: [...requestQueries.all(contractId), 'types'],
      queryFn: ({ signal }) => getRequestTypes(contractId, signal),
      staleTime: 5 * 60_000,
    }),
  signal: (contractId: number, signalId: number) =>
    queryOptions({
      // outside requests.all: saving the request must not swap the form for the "already linked" note before navigating
      queryKey: [...contractKey(contractId), 'request-source-signal', signalId],
      queryFn: ({ signal }) => getSourceSignal(signalId, signal),
      retry: false,
    }),
};

export const invalidateRequests = (client: QueryClient, contractId: number) =>
  client.invalidateQueries({ queryKey: requestQueries.all(contractId) });

/** A request operator's move (contract REQUEST_TRANSITIONS); the failure is shown where the action was. */
export async function changeRequestStatus(
  requestId: number,
  change: { status: RequestStatus; comment: string },
): Promise<ServiceRequest> {
  return callData('changeRequestStatus', { params: { requestId }, body: change }, { errors: 'local' });
}
