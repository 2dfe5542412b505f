import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Contract } from '@portal/contract';
import { setRuntimeConfig } from '@/config/runtime-config';
import { createQueryClient } from '@/lib/query-client';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { documentQueries, documentService } from './documents';

/** Two document services: the contract's own (mayanUrl) and the configured default. */
let mayan: TestServer;
let fallback: TestServer;

function contract(metadata: Partial<Contract['contractMetadatas']> = {}): Contract {
  return {
    id: 4,
    label: 'Contrat 4',
    status: 'ACTIVE',
    contractMetadatas: { contract_country_code: 'FR', ...metadata },
  };
}

function serve(server: TestServer, name: string) {
  server.handle('GET', '/api/documents/last', (_req, res) =>
    json(res, 200, [{ id: 1, label: `${name} document` }]),
  );
  server.handle('GET', '/api/documents/count', (_req, res) =>
    json(res, 200, { count: name === 'mayan' ? 12 : 3 }),
  );
  server.handle('GET', '/api/documents/notifications', (_req, res) =>
    json(res, 200, [{ id: 9, label: `${name} notification` }], {
      'x-pagination-total-count': '21',
      'x-pagination-page-count': '2',
      'x-pagination-current-page': '2',
      'x-pagination-per-page': '20',
    }),
  );
}

/** The query parameters of a recorded call. */
const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
const path = (url: string) => new URL(url, 'http://x').pathname;

beforeAll(async () => {
  [mayan, fallback] = await Promise.all([startTestServer(), startTestServer()]);
  serve(mayan, 'mayan');
  serve(fallback, 'default');
  setRuntimeConfig({ apiBaseUrl: 'http://127.0.0.1:9', documentServiceUrl: `${fallback.url}/` });
});

afterAll(() => Promise.all([mayan.close(), fallback.close()]));

beforeEach(() => {
  mayan.calls.length = 0;
  fallback.calls.length = 0;
  window.localStorage.clear();
});

describe('documentService', () => {
  it("goes to the contract's mayanUrl metadata (without its trailing slash)", () => {
    expect(documentService(contract({ mayanUrl: `${mayan.url}/` })).baseURL).toBe(mayan.url);
  });

  it('falls back on the configured default when the contract has no (or a blank) mayanUrl, or there is no contract', () => {
    expect(documentService(contract()).baseURL).toBe(fallback.url);
    expect(documentService(contract({ mayanUrl: null })).baseURL).toBe(fallback.url);
    expect(documentService(contract({ mayanUrl: '  ' })).baseURL).toBe(fallback.url);
    expect(documentService(null).baseURL).toBe(fallback.url);
  });

  it("takes the realm saved at sign-in, else the contract's realm, else none", () => {
    window.localStorage.setItem('realm', 'grand-est');
    expect(documentService(contract({ realm: 'other' })).idp).toBe('grand-est');
    window.localStorage.removeItem('realm');
    expect(documentService(contract({ realm: 'occitanie' })).idp).toBe('occitanie');
    window.localStorage.setItem('realm', '');
    expect(documentService(contract({ realm: 'occitanie' })).idp).toBe('occitanie');
    expect(documentService(contract({ realm: ' ' })).idp).toBeNull();
    expect(documentService(null).idp).toBeNull();
  });
});

describe('document calls', () => {
  it("go to the contract's document service with idp = the realm", async () => {
    window.localStorage.setItem('realm', 'grand-est');
    const service = documentService(contract({ mayanUrl: mayan.url }));
    const client = createQueryClient({ retry: false });

    const last = await client.fetchQuery(documentQueries.last(4, service, 5));
    const count = await client.fetchQuery(documentQueries.count(4, service));
    const page = await client.fetchQuery(documentQueries.notifications(4, service, 2));

    expect(last).toEqual([{ id: 1, label: 'mayan document' }]);
    expect(count).toEqual({ count: 12 });
    expect(page.data).toEqual([{ id: 9, label: 'mayan notification' }]);
    expect(page.pagination).toEqual({ totalCount: 21, pageCount: 2, currentPage: 2, perPage: 20 });
    expect(fallback.calls).toHaveLength(0);
    expect(mayan.calls.map((c) => [path(c.url), query(c.url)])).toEqual([
      ['/api/documents/last', { length: '5', idp: 'grand-est' }],
      ['/api/documents/count', { idp: 'grand-est' }],
      ['/api/documents/notifications', { currentPage: '2', itemsPerPage: '20', idp: 'grand-est' }],
    ]);
  });

  it('go to the configured default when the contract names no service', async () => {
    const service = documentService(contract({ realm: 'occitanie' }));
    const client = createQueryClient({ retry: false });
    expect(await client.fetchQuery(documentQueries.count(4, service))).toEqual({ count: 3 });
    expect(mayan.calls).toHaveLength(0);
    expect(fallback.calls.map((c) => [path(c.url), query(c.url)])).toEqual([
      ['/api/documents/count', { idp: 'occitanie' }],
    ]);
  });

  it('leave the idp parameter out, rather than send it empty, when no realm is known', async () => {
    const service = documentService(contract({ mayanUrl: mayan.url }));
    const client = createQueryClient({ retry: false });
    await client.fetchQuery(documentQueries.last(4, service));
    await client.fetchQuery(documentQueries.count(4, service));
    expect(mayan.calls).toHaveLength(2);
    for (const call of mayan.calls) {
      expect(call.url).not.toMatch(/[?&]idp=/);
    }
    expect(query(mayan.calls[0]?.url ?? '')).toEqual({ length: '10' });
  });
});
