/**
 * One cache entry per endpoint read (TkDodo's keys as dependency arrays): a read of the contract's
 * table is keyed `[...contractKey(contractId), endpointId, input]` and fetched by call() alone, so
 * two features reading one endpoint with the same input share one cache entry, and a write
 * invalidates every read of an endpoint the same way wherever it is shown (`invalidateEndpoints`).
 * A feature shapes what it shows with `select`, never with a fetch of its own under another key.
 */
import {
  keepPreviousData,
  queryOptions,
  type InvalidateQueryFilters,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { EndpointId } from '@portal/contract';
import { endpointRoutes } from '@portal/contract/endpoint-routes';
import { call, type ApiResponse, type CallRest, type CallResult } from './api-client';
import { contractKey } from './query-keys';
import { logAndRethrow } from './log-and-rethrow';
import { readInPlace } from './read-in-place';

type CallInput<I extends EndpointId> = NonNullable<CallRest<I>[0]>;
/**
 * What a read sends: its path parameters and its query, as call() takes them, and the service's
 * address when it is not the portal's API (the document service): all of it is part of the key.
 */
export type ReadInput<I extends EndpointId> = Pick<
  CallInput<I>,
  Extract<keyof CallInput<I>, 'params' | 'query'>
> & { baseURL?: string };
/** What a read keeps: the answer with its paging for a paged list, else the answer's body. */
export type EndpointRead<I extends EndpointId> = (typeof endpointRoutes)[I] extends { paginated: true }
  ? ApiResponse<CallResult<I>>
  : CallResult<I>;

interface ReadOptions {
  /**
   * 'local' (the default): every failure is the screen's to show; 'in-place': a refused or missing
   * read (a 4xx) goes to the error pages, a server or network failure stays on the screen (readInPlace).
   */
  failures?: 'local' | 'in-place';
  /** portal.md section 8: the service whose failures are logged (the call named) and rethrown */
  logAs?: string;
}

/** The key every read of one endpoint starts with, in one contract (null: outside any contract). */
export const endpointKey = <I extends EndpointId>(contractId: number | null, id: I) =>
  [...contractKey(contractId), id] as const;

async function read<I extends EndpointId>(
  id: I,
  input: ReadInput<I>,
  signal: AbortSignal,
  { failures = 'local', logAs }: ReadOptions,
): Promise<EndpointRead<I>> {
  const { baseURL, ...sent } = input;
  const send = async () => {
    const args = [
      { ...sent, signal },
      { errors: 'local', baseURL },
    ] as unknown as CallRest<I>;
    const answer = await call(id, ...args);
    const paged = (endpointRoutes[id] as { paginated?: true }).paginated === true;
    return (paged ? answer : answer.data) as EndpointRead<I>;
  };
  const logged = logAs === undefined ? send : () => logAndRethrow(logAs, id, send);
  return failures === 'in-place' ? readInPlace(logged) : logged();
}

/** The query options of one read: `useQuery(endpointQuery(contractId, 'getSignal', { params: { signalId } }))`. */
export function endpointQuery<I extends EndpointId>(
  contractId: number | null,
  id: I,
  input: ReadInput<I>,
  options: ReadOptions = {},
) {
  // how a failure is shown is the reader's, not part of what is read: one entry for every reader
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    // typed as any key: a screen choosing between two reads (a list of the contract's users or of
    // an organization's) hands one list view either
    queryKey: [...endpointKey(contractId, id), input] as QueryKey,
    queryFn: ({ signal }) => read(id, input, signal, options),
  });
}

/**
 * A list read that moves with its page, filter or search: the rows shown stay on screen while the
 * next ones come (TanStack's keepPreviousData), so the list never blinks empty between two pages.
 */
export function listingQuery<I extends EndpointId>(
  contractId: number | null,
  id: I,
  input: ReadInput<I>,
  options: ReadOptions = {},
) {
  return queryOptions({
    ...endpointQuery(contractId, id, input, options),
    placeholderData: keepPreviousData,
  });
}

/**
 * A value made from reads rather than one read as it comes (counts merged from several calls, a
 * binary turned into an object URL, a configuration parsed): keyed by its name and input in the
 * contract, and marked with every endpoint it reads, so that `invalidateEndpoints` reaches it
 * along with the plain reads of those endpoints.
 */
export function derivedQuery<T, In>(
  contractId: number | null,
  name: string,
  reads: readonly [EndpointId, ...EndpointId[]],
  input: In,
  compute: (signal: AbortSignal) => Promise<T>,
) {
  return queryOptions({
    queryKey: [...contractKey(contractId), name, input] as QueryKey,
    queryFn: ({ signal }) => compute(signal),
    meta: { reads },
  });
}

/** The endpoints a cached value reads: the one of its key, or those a derived value names. */
function readsOf(query: Query): readonly unknown[] {
  const derived = query.meta?.reads;
  return Array.isArray(derived) ? derived : [query.queryKey[2]];
}

/**
 * Marks every read of these endpoints stale in one contract (the derived values made from them
 * too), refetching the ones on screen unless told otherwise (`refetchType: 'none'` when the screen
 * is about to be left); resolves once done.
 */
export function invalidateEndpoints(
  client: QueryClient,
  contractId: number | null,
  ids: readonly EndpointId[],
  filters: Pick<InvalidateQueryFilters, 'refetchType'> = {},
): Promise<void> {
  const wanted = new Set<unknown>(ids);
  return client.invalidateQueries({
    queryKey: contractKey(contractId),
    predicate: (query) => readsOf(query).some((id) => wanted.has(id)),
    ...filters,
  });
}

/** Stops one read under way (one about to be overwritten by what was just saved), keeping its entry. */
export function cancelRead(client: QueryClient, { queryKey }: { queryKey: QueryKey }): Promise<void> {
  return client.cancelQueries({ queryKey, exact: true });
}

/** Drops one cached read (a deleted item's detail), so that nothing shows it again. */
export function forgetRead(client: QueryClient, { queryKey }: { queryKey: QueryKey }): void {
  client.removeQueries({ queryKey, exact: true });
}
