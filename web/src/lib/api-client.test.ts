import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/runtime-config';
import { appState, clearError } from './app-state';
import {
  ApiError,
  call,
  contractPageParams,
  pageQuery,
  rawRequest,
  request,
  setUnauthorizedHandler,
} from './api-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { keepalive } from './keepalive';

let server: TestServer;
let abortedSlowCalls = 0;
const unauthorized = vi.fn();

beforeAll(async () => {
  server = await startTestServer();
  setRuntimeConfig({ apiBaseUrl: server.url });
  setUnauthorizedHandler(unauthorized);
  server.handle('GET', '/api/list', (_req, res) =>
    json(res, 200, [{ id: 1 }, { id: 2 }], {
      'x-pagination-total-count': '42',
      'x-pagination-page-count': '3',
      'x-pagination-current-page': '2',
      'x-pagination-per-page': '20',
    }),
  );
  server.handle('GET', '/api/slow', (req, res) => {
    const n = new URL(req.url ?? '/', 'http://x').searchParams.get('n');
    res.on('close', () => {
      if (!res.writableFinished) abortedSlowCalls += 1;
    });
    setTimeout(() => {
      if (!res.destroyed) json(res, 200, { n });
    }, 150);
  });
  server.handle('GET', '/api/missing', (_req, res) => json(res, 404, { message: 'Contract 99 not found' }));
  server.handle('GET', '/api/boom', (_req, res) => json(res, 500, { message: 'database down' }));
  server.handle('GET', '/api/token-check', (_req, res) => json(res, 401, { message: 'expired token' }));
  server.handle('GET', '/api/other-401', (_req, res) => json(res, 401, { message: 'no token' }));
  server.handle('POST', '/api/echo', (_req, res, body) => json(res, 201, JSON.parse(body)));
});

afterAll(() => server.close());

beforeEach(() => {
  clearError();
  unauthorized.mockReset();
  server.calls.length = 0;
  window.localStorage.clear();
});

describe('request', () => {
  it('sends the bearer token and reads the pagination headers', async () => {
    window.localStorage.setItem('token', 'abc.def');
    const answer = await request<{ id: number }[]>({ url: '/api/list' });
    expect(answer.data).toEqual([{ id: 1 }, { id: 2 }]);
    expect(answer.pagination).toEqual({ totalCount: 42, pageCount: 3, currentPage: 2, perPage: 20 });
    expect(server.calls[0]?.authorization).toBe('Bearer abc.def');
  });

  it("sends no token when the stored one is the text 'undefined'", async () => {
    window.localStorage.setItem('token', 'undefined');
    await request({ url: '/api/list' });
    expect(server.calls[0]?.authorization).toBeUndefined();
  });

  it('cancels an identical request still in flight; both callers get the current answer', async () => {
    abortedSlowCalls = 0;
    const first = request<{ n: string }>({ url: '/api/slow', params: { n: '1' } });
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    const second = request<{ n: string }>({ url: '/api/slow', params: { n: '1' } });
    const [a, b] = await Promise.all([first, second]);
    expect(a.data).toEqual({ n: '1' });
    expect(b.data).toEqual({ n: '1' });
    // the first call was dropped on the wire: the server saw it go before its answer
    await vi.waitFor(() => expect(abortedSlowCalls).toBe(1));
    expect(appState.get().error.isError).toBe(false);
  });

  it('does not cancel requests that differ', async () => {
    abortedSlowCalls = 0;
    const [a, b] = await Promise.all([
      request<{ n: string }>({ url: '/api/slow', params: { n: '1' } }),
      request<{ n: string }>({ url: '/api/slow', params: { n: '2' } }),
    ]);
    expect([a.data.n, b.data.n]).toEqual(['1', '2']);
    expect(server.calls).toHaveLength(2);
    expect(abortedSlowCalls).toBe(0);
  });

  it("ignores a caller's own cancellation: no error state", async () => {
    const controller = new AbortController();
    const pending = request({ url: '/api/slow', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'CanceledError' });
    expect(appState.get().error.isError).toBe(false);
    expect(appState.get().isLoading).toBe(false);
  });

  it('puts the status and the body message of an HTTP error into the error state and resets the loading flag', async () => {
    await expect(request({ url: '/api/missing' })).rejects.toBeInstanceOf(ApiError);
    expect(appState.get()).toEqual({
      isLoading: false,
      error: { isError: true, status: 404, message: 'Contract 99 not found' },
    });
  });

  it('sets status 0 on a network error', async () => {
    setRuntimeConfig({ apiBaseUrl: 'http://127.0.0.1:1' });
    try {
      await expect(request({ url: '/api/list' })).rejects.toMatchObject({ status: 0 });
      expect(appState.get().error).toMatchObject({ isError: true, status: 0 });
    } finally {
      setRuntimeConfig({ apiBaseUrl: server.url });
    }
  });

  it('leaves the page where it is on a network error while the browser says it is offline', async () => {
    setRuntimeConfig({ apiBaseUrl: 'http://127.0.0.1:1' });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await expect(request({ url: '/api/list' })).rejects.toMatchObject({ status: 0 });
      expect(appState.get().error.isError).toBe(false);
    } finally {
      onLine.mockRestore();
      setRuntimeConfig({ apiBaseUrl: server.url });
    }
  });

  it('sends the extra headers a caller gives (the Idempotency-Key)', async () => {
    let received: string | undefined;
    server.handle('POST', '/api/signal', (req, res) => {
      received = req.headers['idempotency-key'] as string | undefined;
      json(res, 201, { id: 7 });
    });
    const body = { contractId: 1, categoryId: 1, description: 'x', location: { lat: 1, lng: 2 } };
    await call('createSignal', { body }, { headers: { 'Idempotency-Key': 'k-1' } });
    expect(received).toBe('k-1');
  });

  it("leaves the global state alone with { errors: 'local' }", async () => {
    await expect(request({ url: '/api/boom' }, { errors: 'local' })).rejects.toMatchObject({
      status: 500,
      message: 'database down',
    });
    expect(appState.get().error.isError).toBe(false);
  });

  it('logs out on a 401 of the token check, not on another 401', async () => {
    await expect(request({ url: '/api/token-check' })).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toHaveBeenCalledTimes(1);
    await expect(request({ url: '/api/other-401' })).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(appState.get().error).toMatchObject({ status: 401 });
  });

  it('sends JSON bodies', async () => {
    const { data } = await request({ method: 'POST', url: '/api/echo', data: { label: 'Dijon' } });
    expect(data).toEqual({ label: 'Dijon' });
  });

  it('uses the test API host when test_env is on', async () => {
    setRuntimeConfig({ apiBaseUrl: 'http://127.0.0.1:1', testApiBaseUrl: server.url, testEnv: true });
    try {
      await expect(request({ url: '/api/list' })).resolves.toMatchObject({ data: [{ id: 1 }, { id: 2 }] });
    } finally {
      setRuntimeConfig({ apiBaseUrl: server.url });
    }
  });
  it("does none of a call's work in the caller's task: each call waits for a task of its own", async () => {
    const yields: Array<() => void> = [];
    const scheduler = { yield: vi.fn(() => new Promise<void>((resolve) => yields.push(resolve))) };
    vi.stubGlobal('scheduler', scheduler);
    try {
      // a screen's commit starts its queries one after the other, in one task
      const answers = [request({ url: '/api/list' }), request({ url: '/api/list', params: { page: 2 } })];
      expect(scheduler.yield).toHaveBeenCalledTimes(2);
      expect(appState.get().isLoading).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.calls).toHaveLength(0);
      // the first task given back sends the first call only
      yields.shift()?.();
      await vi.waitFor(() => expect(server.calls).toHaveLength(1));
      yields.shift()?.();
      await vi.waitFor(() => expect(server.calls).toHaveLength(2));
      expect((await Promise.all(answers)).map((a) => a.data)).toEqual([
        [{ id: 1 }, { id: 2 }],
        [{ id: 1 }, { id: 2 }],
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('ends a call that does not answer within the configured time as a timeout (status 0)', async () => {
    setRuntimeConfig({ apiBaseUrl: server.url, requestTimeoutMs: 50 });
    // happy-dom's XMLHttpRequest keeps no timer: the test plays the browser's part, which fires
    // `timeout` once the request's own `timeout` has passed without an answer
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (
      this: XMLHttpRequest,
    ) {
      setTimeout(() => this.dispatchEvent(new Event('timeout')), this.timeout);
    });
    try {
      const failure = request({ url: '/api/slow' });
      await expect(failure).rejects.toBeInstanceOf(ApiError);
      await expect(failure).rejects.toMatchObject({
        status: 0,
        kind: 'timeout',
        message: 'timeout of 50ms exceeded',
      });
      expect(appState.get().error).toMatchObject({ isError: true, status: 0 });
    } finally {
      send.mockRestore();
      setRuntimeConfig({ apiBaseUrl: server.url });
    }
  });

  it('gives a network failure the network kind, an HTTP one the http kind', async () => {
    setRuntimeConfig({ apiBaseUrl: 'http://127.0.0.1:1' });
    try {
      await expect(request({ url: '/api/list' }, { errors: 'local' })).rejects.toMatchObject({
        status: 0,
        kind: 'network',
      });
    } finally {
      setRuntimeConfig({ apiBaseUrl: server.url });
    }
    await expect(request({ url: '/api/boom' }, { errors: 'local' })).rejects.toMatchObject({
      status: 500,
      kind: 'http',
    });
  });

  it("cancels the call on the wire when TanStack Query's signal aborts", async () => {
    abortedSlowCalls = 0;
    const controller = new AbortController();
    const pending = call('getSignal', { params: { signalId: 1 }, signal: controller.signal });
    server.handle('GET', '/api/signal/1', (_req, res) => {
      res.on('close', () => {
        if (!res.writableFinished) abortedSlowCalls += 1;
      });
      controller.abort();
    });
    await expect(pending).rejects.toMatchObject({ name: 'CanceledError' });
    await vi.waitFor(() => expect(abortedSlowCalls).toBe(1));
    expect(appState.get().error.isError).toBe(false);
  });
});

describe('rawRequest', () => {
  it('handles only the 401 case', async () => {
    await expect(rawRequest({ url: '/api/boom' })).rejects.toMatchObject({ status: 500 });
    expect(appState.get().error.isError).toBe(false);
    await expect(rawRequest({ url: '/api/other-401' })).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(appState.get().error.isError).toBe(false);
  });
});

describe('contractPageParams', () => {
  it('asks for one page of the contract at the default size, with only the filters that are set', () => {
    expect(contractPageParams(7, 3, { q: 'voirie', status: null, category: undefined, type: '' })).toEqual({
      contract: 7,
      currentPage: 3,
      itemsPerPage: 20,
      q: 'voirie',
    });
    expect(contractPageParams(1, 1, { status: 'PLANNED', category: 4 })).toEqual({
      contract: 1,
      currentPage: 1,
      itemsPerPage: 20,
      status: 'PLANNED',
      category: 4,
    });
  });
});

describe('call', () => {
  it('builds the path from the endpoint table, sends the query without empty values and lists comma-separated', async () => {
    window.localStorage.setItem('token', 'abc.def');
    server.handle('GET', '/api/contract/5/area/category-count', (_req, res) =>
      json(res, 200, [{ id: 3, count: 2 }]),
    );
    const answer = await call('areaCategoryCounts', { params: { contractId: 5 }, query: { areas: [3, 4] } });
    expect(answer.data).toEqual([{ id: 3, count: 2 }]);
    expect(server.calls[0]?.method).toBe('GET');
    expect(decodeURIComponent(server.calls[0]?.url ?? '')).toBe(
      '/api/contract/5/area/category-count?areas=3,4',
    );
    expect(server.calls[0]?.authorization).toBe('Bearer abc.def');
  });

  it('sends a list the spec writes as name[] as repeated name[] (typeCodes[]=FLOW_IN&typeCodes[]=PH)', async () => {
    server.handle('GET', '/api/industrial-site/7/indicator-value', (_req, res) => json(res, 200, []));
    await call('siteIndicatorValues', {
      params: { siteId: 7 },
      query: { typeCodes: ['FLOW_IN', 'PH'], aggregateType: 'DAY', startDate: '2026-06-01' },
    });
    const sent = new URL(server.calls[0]?.url ?? '', 'http://portal.test').searchParams;
    expect(sent.getAll('typeCodes[]')).toEqual(['FLOW_IN', 'PH']);
    expect(sent.has('typeCodes')).toBe(false);
    expect(sent.get('aggregateType')).toBe('DAY');
  });

  it("takes the method from the table and sends the body; pages through pageQuery; errors as request's", async () => {
    server.handle('POST', '/api/contract/5/area', (_req, res, body) =>
      json(res, 201, { id: 9, ...JSON.parse(body) }),
    );
    const created = await call('createContractArea', {
      params: { contractId: 5 },
      body: { label: 'Nord', divisionIds: [1] },
    });
    expect(created.data).toMatchObject({ id: 9, label: 'Nord' });
    expect(server.calls[0]?.method).toBe('POST');

    server.handle('GET', '/api/contract/6/area', (_req, res) =>
      json(res, 404, { message: 'Contract 6 not found' }),
    );
    await expect(
      call('listContractAreas', { params: { contractId: 6 }, query: { ...pageQuery(2), labelFilter: '' } }),
    ).rejects.toMatchObject({ status: 404 });
    expect(server.calls[1]?.url).toBe('/api/contract/6/area?currentPage=2&itemsPerPage=20');
    expect(appState.get().error).toMatchObject({ isError: true, status: 404 });
  });

  it('sends a keepalive call at once, by fetch with keepalive, with the token and the JSON body', async () => {
    window.localStorage.setItem('token', 'abc.def');
    server.handle('PUT', '/api/request/7', (_req, res, body) => json(res, 200, JSON.parse(body)));
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const yieldSpy = vi.fn(() => new Promise<void>(() => undefined));
    vi.stubGlobal('scheduler', { yield: yieldSpy });
    try {
      const answer = call(
        'updateRequestDraft',
        { params: { requestId: 7 }, body: { title: 'Fuite rue Monge' } },
        { errors: 'local', keepalive },
      );
      // the page is going away: no task of its own is waited for (scheduler.yield never resolves here)
      expect((await answer).data).toEqual({ title: 'Fuite rue Monge' });
      expect(yieldSpy).not.toHaveBeenCalled();
      expect(fetchSpy).toHaveBeenCalledTimes(1);
      const [input, init] = fetchSpy.mock.calls[0] ?? [];
      expect(String(input instanceof Request ? input.url : input)).toBe(`${server.url}/api/request/7`);
      expect(init?.keepalive ?? (input instanceof Request ? input.keepalive : undefined)).toBe(true);
      expect(server.calls[0]).toMatchObject({
        method: 'PUT',
        authorization: 'Bearer abc.def',
        body: JSON.stringify({ title: 'Fuite rue Monge' }),
      });
    } finally {
      fetchSpy.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('sends an ordinary call without fetch (XMLHttpRequest: upload progress)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      await call('areaCategoryCounts', { params: { contractId: 5 }, query: { areas: [3] } });
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('reads a binary answer as a Blob', async () => {
    server.handle('GET', '/api/signal/photo/8/binary', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end(Buffer.from([137, 80, 78, 71]));
    });
    const { data } = await call('signalPhotoBinary', { params: { photoId: 8 } });
    expect(data).toBeInstanceOf(Blob);
    expect(data.size).toBe(4);
  });

  it('refuses to send a path with a missing parameter', () => {
    expect(() => call('getSignal', { params: { signalId: undefined as unknown as number } })).toThrow(
      'missing path parameter signalId',
    );
  });

  it('types the arguments and the answer from the contract (checked by tsc)', async () => {
    server.handle('GET', '/api/signal/4', (_req, res) =>
      json(res, 200, { id: 4, description: 'Nid de poule' }),
    );
    // @ts-expect-error: signalId is a number in the contract
    const wrongParam = () => call('getSignal', { params: { signalId: 'four' } });
    // @ts-expect-error: getSignal takes no body
    const wrongBody = () => call('getSignal', { params: { signalId: 4 }, body: {} });
    // @ts-expect-error: not an endpoint of the table
    const unknownId = () => call('getNothing', {});
    expect([wrongParam, wrongBody, unknownId].every((f) => typeof f === 'function')).toBe(true);
    const { data } = await call('getSignal', { params: { signalId: 4 } });
    const description: string = data.description;
    expect(description).toBe('Nid de poule');
  });
});
