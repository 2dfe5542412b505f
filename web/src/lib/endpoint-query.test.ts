import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { journal, signInFresh, withMockBackend } from '@/test/mock-backend';
import { endpointKey, endpointQuery, invalidateEndpoints } from './endpoint-query';

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
});
