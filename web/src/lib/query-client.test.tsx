import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  focusManager,
  QueryClientProvider,
  useMutation,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { setRuntimeConfig } from '@/config/runtime-config';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { ApiError, request } from './api-client';
import { clearError } from './app-state';
import { createQueryClient } from './query-client';

let server: TestServer;
let flakyCalls = 0;
let droppedCalls = 0;

beforeAll(async () => {
  server = await startTestServer();
  setRuntimeConfig({ apiBaseUrl: server.url });
  server.handle('GET', '/api/item', (_req, res) => json(res, 200, { label: 'Élément chargé' }));
  server.handle('GET', '/api/other-item', (_req, res) => json(res, 200, { label: 'Autre élément' }));
  server.handle('GET', '/api/missing', (_req, res) => json(res, 404, { message: 'not found' }));
  server.handle('GET', '/api/forbidden', (_req, res) => json(res, 403, { message: 'forbidden' }));
  server.handle('GET', '/api/always-down', (_req, res) => json(res, 503, { message: 'down' }));
  // a server error the first time, then the answer
  server.handle('GET', '/api/flaky', (_req, res) => {
    flakyCalls += 1;
    if (flakyCalls === 1) json(res, 502, { message: 'bad gateway' });
    else json(res, 200, { label: 'Chargé au second essai' });
  });
  // the connection dropped the first time (a network error), then the answer
  server.handle('GET', '/api/dropped', (req, res) => {
    droppedCalls += 1;
    if (droppedCalls === 1) req.socket.destroy();
    else json(res, 200, { label: 'Réseau revenu' });
  });
  server.handle('POST', '/api/save', (_req, res) => json(res, 503, { message: 'down' }));
});

afterAll(() => server.close());

beforeEach(() => {
  server.calls.length = 0;
  flakyCalls = 0;
  droppedCalls = 0;
});

afterEach(() => {
  clearError();
  focusManager.setFocused(undefined);
});

const callsTo = (path: string) => server.calls.filter((c) => c.url.split('?')[0] === path).length;

/** A screen that loads one thing and shows it, or its failure. */
function Item({
  path,
  staleTime,
  refetchOnWindowFocus,
}: {
  path: string;
  staleTime?: number;
  refetchOnWindowFocus?: boolean;
}) {
  const query = useQuery({
    queryKey: ['item', path],
    queryFn: async ({ signal }) =>
      (await request<{ label: string }>({ url: path, signal }, { errors: 'local' })).data,
    ...(staleTime === undefined ? {} : { staleTime }),
    ...(refetchOnWindowFocus === undefined ? {} : { refetchOnWindowFocus }),
  });
  if (query.isPending) return <p>Chargement…</p>;
  if (query.isError)
    return <p role="alert">Échec {query.error instanceof ApiError ? query.error.status : '?'}</p>;
  return <p>{query.data.label}</p>;
}

function renderWith(client: QueryClient, node: ReactNode) {
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

describe('query defaults', () => {
  it.each([
    ['/api/missing', 404],
    ['/api/forbidden', 403],
  ])(
    'does not repeat a client error (%s answers %i): one call, the failure shows at once',
    async (path, status) => {
      renderWith(createQueryClient(), <Item path={path} />);
      expect(await screen.findByRole('alert')).toHaveTextContent(`Échec ${status}`);
      expect(callsTo(path)).toBe(1);
    },
  );

  it('tries once more after a server error, and shows the answer of the second try', async () => {
    renderWith(createQueryClient(), <Item path="/api/flaky" />);
    expect(
      await screen.findByText('Chargé au second essai', undefined, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(callsTo('/api/flaky')).toBe(2);
  });

  it('tries once more after a network error', async () => {
    renderWith(createQueryClient(), <Item path="/api/dropped" />);
    expect(await screen.findByText('Réseau revenu', undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(callsTo('/api/dropped')).toBe(2);
  });

  it('gives up after one more try: two calls, then the failure shows', async () => {
    renderWith(createQueryClient(), <Item path="/api/always-down" />);
    expect(await screen.findByRole('alert', undefined, { timeout: 5_000 })).toHaveTextContent('Échec 503');
    expect(callsTo('/api/always-down')).toBe(2);
  });

  it('does not refetch when the window gets the focus back, even for stale data', async () => {
    const client = createQueryClient();
    renderWith(client, <Item path="/api/item" staleTime={0} />);
    await screen.findByText('Élément chargé');
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(callsTo('/api/item')).toBe(1);

    // the same focus change does refetch a query that asks for it: the check above can fail
    renderWith(client, <Item path="/api/other-item" staleTime={0} refetchOnWindowFocus />);
    await screen.findByText('Autre élément');
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await expect.poll(() => callsTo('/api/other-item')).toBe(2);
    expect(callsTo('/api/item')).toBe(1);
  });

  it('shows the cached data without a call when a screen is opened again within 30 s', async () => {
    const client = createQueryClient();
    const first = renderWith(client, <Item path="/api/item" />);
    await screen.findByText('Élément chargé');
    first.unmount();
    renderWith(client, <Item path="/api/item" />);
    expect(screen.getByText('Élément chargé')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(callsTo('/api/item')).toBe(1);
  });

  it('never repeats a failed mutation', async () => {
    function Save() {
      const mutation = useMutation({
        mutationFn: () => request({ method: 'POST', url: '/api/save', data: {} }, { errors: 'local' }),
      });
      return (
        <>
          <button type="button" onClick={() => mutation.mutate()}>
            Enregistrer
          </button>
          {mutation.isError ? <p role="alert">Échec de l’enregistrement</p> : null}
        </>
      );
    }
    renderWith(createQueryClient(), <Save />);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Échec de l’enregistrement');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(callsTo('/api/save')).toBe(1);
  });

  it('lets a test turn retries off', async () => {
    renderWith(createQueryClient({ retry: false }), <Item path="/api/always-down" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Échec 503');
    expect(callsTo('/api/always-down')).toBe(1);
  });
});
