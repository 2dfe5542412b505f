/**
 * One cache entry per endpoint read (TkDodo's keys as dependency arrays): a read of the contract's
 * table is keyed `[...contractKey(contractId), endpointId, input]` and fetched by call() alone, so
 * two features reading one endpoint with the same input share one cache entry, and a write
 * invalidates every read of an endpoint the same way wherever it is shown (`invalidateEndpoints`).
 * A feature shapes what it shows with `select`, never with a fetch of its own under another key.
 */
import { queryOptions, type InvalidateQueryFilters, type QueryClient } from '@tanstack/react-query';
import type { EndpointId } from '@portal/contract';
import { endpointRoutes } from '@portal/contract/endpoint-routes';
import { call, type ApiResponse, type CallRest, type CallResult } from './api-client';
import { contractKey } from './query-keys';
import { readInPlace } from './read-in-place';

type CallInput<I extends EndpointId> = NonNullable<CallRest<I>[0]>;
/** What a read sends: its path parameters and its query, as call() takes them. */
export type ReadInput<I extends EndpointId> = Pick<
  CallInput<I>,
  Extract<keyof CallInput<I>, 'params' | 'query'>
>;
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
}

/** The key every read of one endpoint starts with, in one contract (null: outside any contract). */
export const endpointKey = <I extends EndpointId>(contractId: number | null, id: I) =>
  [...contractKey(contractId), id] as const;

async function read<I extends EndpointId>(
  id: I,
  input: ReadInput<I>,
  signal: AbortSignal,
  { failures = 'local' }: ReadOptions,
): Promise<EndpointRead<I>> {
  const send = async () => {
    const args = [{ ...input, signal }, { errors: 'local' }] as unknown as CallRest<I>;
    const answer = await call(id, ...args);
    const paged = (endpointRoutes[id] as { paginated?: true }).paginated === true;
    return (paged ? answer : answer.data) as EndpointRead<I>;
  };
  return failures === 'in-place' ? readInPlace(send) : send();
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
    queryKey: [...endpointKey(contractId, id), input] as const,
    queryFn: ({ signal }) => read(id, input, signal, options),
  });
}

/**
 * Marks every read of these endpoints stale in one contract, refetching the ones on screen unless
 * told otherwise (`refetchType: 'none'` when the screen is about to be left); resolves once done.
 */
export function invalidateEndpoints(
  client: QueryClient,
  contractId: number | null,
  ids: readonly EndpointId[],
  filters: Pick<InvalidateQueryFilters, 'refetchType'> = {},
): Promise<void> {
  return Promise.all(
    ids.map((id) => client.invalidateQueries({ queryKey: endpointKey(contractId, id), ...filters })),
  ).then(() => undefined);
}
