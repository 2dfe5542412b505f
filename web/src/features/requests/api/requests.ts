/** The service-request calls of contract/src/endpoints/requests.ts, with their query-options factory. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  requestDraftInput,
  requestDraftUpdate,
  requestStatus,
  requestType,
  ServiceRequest,
} from '@portal/contract';
import { call, callData, contractPageParams } from '@/lib/api-client';
import { endpointQuery, invalidateEndpoints, listingQuery } from '@/lib/endpoint-query';
import { keepalive } from '@/lib/keepalive';

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
    { errors: 'local', keepalive },
  ).catch(() => undefined);
}

export async function submitRequest(requestId: number): Promise<ServiceRequest> {
  return callData('submitRequest', { params: { requestId } }, { errors: 'local' });
}

/** The request reads a change of a request can alter (its list, its detail, the dashboard's counts). */
const REQUEST_READS = ['listRequests', 'getRequest', 'requestStats'] as const;

export const requestQueries = {
  // a failed page is the list's to show (a warning with a retry), never the error page
  list: (contractId: number, query: RequestListQuery) =>
    listingQuery(contractId, 'listRequests', {
      query: contractPageParams(contractId, query.page, { q: query.q, status: query.status }, query.perPage),
    }),
  detail: (contractId: number, requestId: number) =>
    endpointQuery(contractId, 'getRequest', { params: { requestId } }, { failures: 'in-place' }),
  /** the contract's request types, read by the request forms and the territorial admin alike */
  types: (contractId: number) =>
    queryOptions({
      ...endpointQuery(
        contractId,
        'listRequestTypes',
        { query: { contract: contractId } },
        { failures: 'in-place' },
      ),
      staleTime: 5 * 60_000,
    }),
  /** the signal a request starts from; a user without the signal roles gets the refusal shown on the screen */
  signal: (contractId: number, signalId: number) =>
    queryOptions({
      ...endpointQuery(contractId, 'getSignal', { params: { signalId } }),
      retry: false,
    }),
};

export const invalidateRequests = (client: QueryClient, contractId: number) =>
  invalidateEndpoints(client, contractId, REQUEST_READS);

/**
 * After a request is made from a signal: the signal now names its request, so its reads are stale;
 * the screen on show (the signal's form) is left at once, so they are fetched when shown next.
 */
export const invalidateSignalsOfRequest = (client: QueryClient, contractId: number) =>
  invalidateEndpoints(client, contractId, ['listSignals', 'getSignal'], { refetchType: 'none' });

/** A request operator's move (contract REQUEST_TRANSITIONS); the failure is shown where the action was. */
export async function changeRequestStatus(
  requestId: number,
  change: { status: RequestStatus; comment: string },
): Promise<ServiceRequest> {
  return callData('changeRequestStatus', { params: { requestId }, body: change }, { errors: 'local' });
}
