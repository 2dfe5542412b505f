import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { journal, signInFresh, withMockBackend } from '@/test/mock-backend';
import {
  cancelRead,
  derivedQuery,
  endpointKey,
  endpointQuery,
  forgetRead,
  invalidateEndpoints,
  listingQuery,
} from './endpoint-query';

const mock = withMockBackend();
const fresh = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('endpointQuery: one cache entry per endpoint read', () => {
  it('keys a read by contract, endpoint and input, and keeps a paged list with its paging', async () => {
    await signInFresh(mock, 'signal-agent');
    const client = fresh();
    const page = await client.fetchQuery(
      endpointQuery(1, 'listSignals', { query: { contract: 1, currentPage: 1, itemsPerPage: 5 } }),
    );
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.pagination).toMatchObject({ currentPage: 1, perPage: 5 });
    const first = page.data[0]!;
    const detail = endpointQuery(1, 'getSignal', { params: { signalId: first.id } });
    expect(detail.queryKey).toEqual(['contract', 1, 'getSignal', { params: { signalId: first.id } }]);
    expect((await client.fetchQuery(detail)).id).toBe(first.id);
  });

  it('a listing keeps the page shown while the next one comes, under the same key as a plain read', async () => {
    await signInFresh(mock, 'signal-agent');
    const client = fresh();
    const pageOf = (currentPage: number) => ({ query: { contract: 1, currentPage, itemsPerPage: 2 } });
    expect(listingQuery(1, 'listSignals', pageOf(2)).queryKey).toEqual(
      endpointQuery(1, 'listSignals', pageOf(2)).queryKey,
    );
    const observer = new QueryObserver(client, listingQuery(1, 'listSignals', pageOf(1)));
    const stop = observer.subscribe(() => undefined);
    try {
      await expect.poll(() => observer.getCurrentResult().isSuccess).toBe(true);
      const first = observer.getCurrentResult().data;
      observer.setOptions(listingQuery(1, 'listSignals', pageOf(2)));
      // asked, not come yet: page 1 is still what the list shows
      expect(observer.getCurrentResult()).toMatchObject({ data: first, isPlaceholderData: true });
      await expect.poll(() => observer.getCurrentResult().isPlaceholderData).toBe(false);
      expect(observer.getCurrentResult().data?.pagination).toMatchObject({ currentPage: 2 });
    } finally {
      stop();
    }
  });

  it('two readers of one endpoint with one input share one entry: the second asks nothing', async () => {
    await signInFresh(mock, 'request-agent');
    const client = fresh();
    const options = { query: { contract: 1 } };
    // two factories built apart, as two features build them (one with failures in place)
    const formTypes = endpointQuery(1, 'listRequestTypes', options, { failures: 'in-place' });
    const adminTypes = endpointQuery(1, 'listRequestTypes', { query: { contract: 1 } });
    const types = await client.fetchQuery({ ...formTypes, staleTime: 60_000 });
    expect(types.length).toBeGreaterThan(0);
    expect(await client.fetchQuery({ ...adminTypes, staleTime: 60_000 })).toBe(types);
    expect(await journal(mock, { method: 'GET', path: '/api/request-type' })).toHaveLength(1);
    expect(client.getQueryCache().findAll({ queryKey: endpointKey(1, 'listRequestTypes') })).toHaveLength(1);
  });

  it("invalidates every read of an endpoint in its contract, and another contract's not", async () => {
    await signInFresh(mock, 'request-agent');
    const client = fresh();
    const here = endpointQuery(1, 'listRequestTypes', { query: { contract: 1 } });
    const there = { ...here, queryKey: [...endpointKey(2, 'listRequestTypes'), { query: { contract: 2 } }] };
    client.setQueryData(there.queryKey, []);
    await client.fetchQuery(here);
    await invalidateEndpoints(client, 1, ['listRequestTypes'], { refetchType: 'none' });
    expect(client.getQueryState(here.queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(there.queryKey)?.isInvalidated).toBe(false);
  });

  it('reaches a value derived from an endpoint, and leaves the reads of other endpoints alone', async () => {
    await signInFresh(mock, 'request-agent');
    const client = fresh();
    const counted = derivedQuery(1, 'request-type-count', ['listRequestTypes'], null, async () => 3);
    const other = derivedQuery(1, 'signal-count', ['listSignals'], null, async () => 5);
    const types = endpointQuery(1, 'listRequestTypes', { query: { contract: 1 } });
    await Promise.all([client.fetchQuery(counted), client.fetchQuery(other), client.fetchQuery(types)]);
    await invalidateEndpoints(client, 1, ['listRequestTypes'], { refetchType: 'none' });
    expect(client.getQueryState(counted.queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(types.queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(other.queryKey)?.isInvalidated).toBe(false);
  });

  it('refetches the reads on screen of a saved endpoint: a second reader sees the new answer', async () => {
    await signInFresh(mock, 'request-agent');
    const client = fresh();
    const types = endpointQuery(1, 'listRequestTypes', { query: { contract: 1 } });
    const before = await client.fetchQuery(types);
    client.setQueryData(types.queryKey, []);
    await invalidateEndpoints(client, 1, ['listRequestTypes']);
    // nobody observes the entry: it is marked stale, and the next reader asks the server again
    expect(await client.fetchQuery(types)).toEqual(before);
  });

  it('forgets one read by its options, not the other reads of its endpoint', async () => {
    const client = fresh();
    const one = endpointQuery(1, 'getSignal', { params: { signalId: 1 } });
    const two = endpointQuery(1, 'getSignal', { params: { signalId: 2 } });
    client.setQueryData(one.queryKey, { id: 1 } as never);
    client.setQueryData(two.queryKey, { id: 2 } as never);
    forgetRead(client, one);
    expect(client.getQueryData(one.queryKey)).toBeUndefined();
    expect(client.getQueryData(two.queryKey)).toEqual({ id: 2 });
  });

  it('cancels one read under way and keeps what its entry held', async () => {
    const client = fresh();
    let asked = 0;
    const layout = derivedQuery(1, 'layout', ['listUserConfigurations'], null, (signal) => {
      asked += 1;
      return new Promise<string>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('aborted')));
        setTimeout(() => resolve('older'), 1_000);
      });
    });
    client.setQueryData(layout.queryKey, 'saved');
    // a read of the layout, started before the save: it would bring the older one back
    const started = client.fetchQuery(layout);
    expect(asked).toBe(1);
    await cancelRead(client, layout);
    // its caller gets the value kept, never the older one
    expect(await started).toBe('saved');
    expect(client.getQueryData(layout.queryKey)).toBe('saved');
    expect(client.getQueryState(layout.queryKey)?.fetchStatus).toBe('idle');
  });
});
