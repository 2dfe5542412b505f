import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/runtime-config';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { clearError } from '../app-state';
import { setUnauthorizedHandler } from '../api-client';
import { browser, logout } from './logout';
import { sessionStore, resetSession } from './session-store';
import { startSession } from './session';
import { captureReturnedToken } from './sign-in';
import { permissionsRedirectTarget } from './authenticate';
import { callData } from '../api-client';
import { screenStartUrls, sendSessionStartEarly, sessionStartUrls } from './early-session';
import { getUserConfiguration, saveUserConfiguration } from './user-configuration';

let server: TestServer;
const assign = vi.fn<(url: string) => void>();

const contract = (id: number, label: string) => ({
  id,
  label,
  status: 'ACTIVE',
  contractMetadatas: { contract_country_code: 'FR', primaryColor: '#00557f' },
});

const backend = {
  roles: ['ROLE_USER'] as string[],
  contracts: [contract(1, 'Dijon Métropole'), contract(2, 'Grand Lyon Eau')],
  savedConfiguration: null as null | { data: string },
  tokenStatus: 200,
  /** how long the token check takes to answer */
  tokenDelayMs: 0,
};

beforeAll(async () => {
  server = await startTestServer();
  server.handle('GET', '/api/public/realms', (_req, res) => json(res, 200, { value: 'dijon' }));
  server.handle('GET', '/api/token-check', (_req, res) => {
    const answer = () =>
      backend.tokenStatus === 200
        ? json(res, 200, {
            id: 7,
            heimdallId: 'h-7',
            email: 'sophie@example.fr',
            firstName: 'Sophie',
            lastName: 'Richard',
            roles: backend.roles,
            services: {},
            organization: null,
          })
        : json(res, backend.tokenStatus, { message: 'invalid token' });
    if (backend.tokenDelayMs > 0) setTimeout(answer, backend.tokenDelayMs);
    else answer();
  });
  server.handle('GET', '/api/metabase/user-token', (_req, res) => json(res, 200, { token: 'mb-token' }));
  server.handle('GET', '/api/permissions/admin', (_req, res) => json(res, 200, { permissions: [] }));
  server.handle('GET', '/api/user/contracts', (_req, res) =>
    json(res, 200, backend.contracts, { 'x-pagination-total-count': String(backend.contracts.length) }),
  );
  server.handle('GET', '/api/widget', (_req, res) =>
    json(res, 200, [{ id: 'signal-full', label: 'Signalements', role: 'ROLE_USER' }]),
  );
  server.handle('GET', '/api/contract/1', (_req, res) => json(res, 200, backend.contracts[0]));
  server.handle('GET', '/api/contract/2', (_req, res) => json(res, 200, backend.contracts[1]));
  for (const id of [1, 2])
    server.handle('GET', `/api/contract/${id}/siteConfiguration`, (_req, res) =>
      json(res, 200, { id, documentTitle: `Portail ${id}`, faviconOnglet: null }),
    );
  server.handle('GET', '/api/user/portal/portal/configuration', (_req, res) =>
    json(
      res,
      200,
      backend.savedConfiguration
        ? [
            {
              id: 2,
              portal: 'portal',
              code: 'displayed_widgets',
              deleted: false,
              data: '{"current_contract":2}',
            },
            {
              id: 1,
              portal: 'portal',
              code: 'portal_configuration',
              deleted: false,
              ...backend.savedConfiguration,
            },
          ]
        : [],
    ),
  );
  server.handle('POST', '/api/user/portal/portal/configuration', (_req, res, body) => {
    backend.savedConfiguration = { data: (JSON.parse(body) as { data: string }).data };
    json(res, 201, {
      id: 1,
      portal: 'portal',
      code: 'portal_configuration',
      deleted: false,
      ...backend.savedConfiguration,
    });
  });
  server.handle('PUT', '/api/user/portal/portal/configuration/portal_configuration', (_req, res, body) => {
    backend.savedConfiguration = { data: (JSON.parse(body) as { data: string }).data };
    json(res, 200, {
      id: 1,
      portal: 'portal',
      code: 'portal_configuration',
      deleted: false,
      ...backend.savedConfiguration,
    });
  });
  setRuntimeConfig({ apiBaseUrl: server.url });
  browser.assign = assign;
  setUnauthorizedHandler(() => void logout());
});

afterAll(() => server.close());

beforeEach(() => {
  assign.mockReset();
  clearError();
  resetSession();
  server.calls.length = 0;
  backend.roles = ['ROLE_USER'];
  backend.savedConfiguration = null;
  backend.tokenStatus = 200;
  backend.tokenDelayMs = 0;
  window.history.replaceState(null, '', '/');
  document.cookie = 'metabase.SESSION=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('login flow', () => {
  it('without a token: looks up the realm, saves the page and leaves for single sign-on', async () => {
    window.history.replaceState(null, '', '/travaux?page=2#map');
    await expect(startSession()).resolves.toEqual({ kind: 'redirecting' });
    expect(server.calls[0]?.url).toBe(`/api/public/realms?domainName=${window.location.hostname}`);
    expect(localStorage.getItem('realm')).toBe('dijon');
    expect(localStorage.getItem('redirect_path')).toBe('/travaux?page=2#map');
    const target = new URL(assign.mock.calls[0]?.[0] ?? '');
    expect(`${target.origin}${target.pathname}`).toBe(`${server.url}/saml/login`);
    expect(target.searchParams.get('realm')).toBe('dijon');
    expect(target.searchParams.get('redirect')).toBe(`${window.location.origin}/`);
  });

  it("treats the stored text 'undefined' as no token", async () => {
    localStorage.setItem('token', 'undefined');
    await expect(startSession()).resolves.toEqual({ kind: 'redirecting' });
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('does nothing on the SSO error page', async () => {
    window.history.replaceState(null, '', '/error/sso');
    await expect(startSession()).resolves.toEqual({ kind: 'sso-error' });
    expect(server.calls).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('takes a returning token out of the address bar and stores it; no saved page: home', () => {
    window.history.replaceState(null, '', '/signalement?token=jwt.value.here&keep=1#top');
    expect(captureReturnedToken()).toBe(true);
    expect(localStorage.getItem('token')).toBe('jwt.value.here');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/');
    expect(captureReturnedToken()).toBe(false);
  });

  it('back from single sign-on: the saved page is in the address before the app starts, never home', () => {
    localStorage.setItem('redirect_path', '/travaux?vue=liste#carte');
    window.history.replaceState(null, '', '/?token=jwt.value.here');
    expect(captureReturnedToken()).toBe(true);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/travaux?vue=liste#carte',
    );
    expect(localStorage.getItem('redirect_path')).toBeNull();
    expect(localStorage.getItem('token')).toBe('jwt.value.here');
  });

  it('back from single sign-on with a saved address of another site: stays on the portal', () => {
    localStorage.setItem('redirect_path', '//evil.example/');
    window.history.replaceState(null, '', '/?token=jwt');
    expect(captureReturnedToken()).toBe(true);
    expect(`${window.location.pathname}${window.location.search}`).toBe('/');
    expect(window.location.origin).not.toContain('evil');
  });

  it('after the return: authenticates where the address is', async () => {
    localStorage.setItem('token', 'jwt');
    window.history.replaceState(null, '', '/mon-profil');
    await expect(startSession()).resolves.toEqual({ kind: 'authenticated' });
    expect(window.location.pathname).toBe('/mon-profil');
    expect(server.calls[0]?.authorization).toBe('Bearer jwt');
    expect(sessionStore.get()).toMatchObject({
      status: 'ready',
      contractId: 1,
      user: { email: 'sophie@example.fr' },
    });
  });

  it('with a stored token: authenticates directly and stays on the page', async () => {
    localStorage.setItem('token', 'jwt');
    await expect(startSession()).resolves.toEqual({ kind: 'authenticated' });
    expect(assign).not.toHaveBeenCalled();
  });

  it("logout of a session opened from a ?token= link (no realm stored): sends the host's realm", async () => {
    window.history.replaceState(null, '', '/?token=jwt');
    captureReturnedToken();
    await startSession();
    expect(localStorage.getItem('realm')).toBeNull();
    await logout();
    const target = new URL(assign.mock.calls[0]?.[0] ?? '');
    expect(target.pathname).toBe('/saml/logout');
    expect(target.searchParams.get('realm')).toBe('dijon');
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe("the session's first calls, sent by the boot script before the app loads", () => {
  const asked = (url: string) =>
    server.calls.filter((c) => c.method === 'GET' && `${server.url}${c.url}` === url);

  it('are taken by authenticate: each address reaches the server once, with the token, for the same session', async () => {
    localStorage.setItem('token', 'jwt');
    localStorage.setItem('current_contract', '2');
    backend.savedConfiguration = { data: JSON.stringify({ current_contract: 2 }) };
    const urls = sessionStartUrls();
    // the token check, the configuration, the contracts, the admin permissions, the last contract
    expect(urls).toHaveLength(5);
    sendSessionStartEarly('/signalement');
    await startSession();
    expect(sessionStore.get()).toMatchObject({
      status: 'ready',
      contractId: 2,
      contract: { label: 'Grand Lyon Eau' },
    });
    for (const url of urls) {
      expect(asked(url), url).toHaveLength(1);
      expect(asked(url)[0]?.authorization).toBe('Bearer jwt');
    }
  });

  it('are the very addresses authenticate asks first (a drift would leave the early answers untaken)', async () => {
    localStorage.setItem('token', 'jwt');
    localStorage.setItem('current_contract', '2');
    backend.savedConfiguration = { data: JSON.stringify({ current_contract: 2 }) };
    await startSession();
    const askedByTheApp = server.calls.filter((c) => c.method === 'GET').map((c) => `${server.url}${c.url}`);
    expect(askedByTheApp).toEqual(expect.arrayContaining(sessionStartUrls()));
  });

  it('are not taken with another token, and nothing is sent without one', async () => {
    localStorage.setItem('token', 'old');
    sendSessionStartEarly('/signalement');
    localStorage.setItem('token', 'jwt');
    await startSession();
    expect(sessionStore.get().status).toBe('ready');
    const tokenCheck = sessionStartUrls()[0] ?? '';
    expect(
      asked(tokenCheck)
        .map((c) => c.authorization)
        .sort(),
    ).toEqual(['Bearer jwt', 'Bearer old']);

    server.calls.length = 0;
    localStorage.removeItem('token');
    sendSessionStartEarly('/signalement');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls).toHaveLength(0);
  });
});

describe('what the boot script asks beyond the first calls', () => {
  const asked = (url: string) =>
    server.calls.filter((c) => c.method === 'GET' && `${server.url}${c.url}` === url);
  const contractUrl = (id: number) => `${server.url}/api/contract/${id}`;
  /** Back from single sign-on (a logout empties the storage), the boot script's calls sent. */
  const backFromSignOn = (savedContractId: number) => {
    localStorage.clear();
    localStorage.setItem('token', 'jwt');
    backend.savedConfiguration = { data: JSON.stringify({ current_contract: savedContractId }) };
    sendSessionStartEarly('/signalement');
  };

  it('back from single sign-on (no stored contract): the contract the session will choose, as soon as the configuration and the contracts answer', async () => {
    backFromSignOn(2);
    // asked before the app starts its session
    await vi.waitFor(() => expect(asked(contractUrl(2))).toHaveLength(1));
    await startSession();
    expect(sessionStore.get()).toMatchObject({
      status: 'ready',
      contractId: 2,
      contract: { label: 'Grand Lyon Eau' },
    });
    expect(asked(contractUrl(2))).toHaveLength(1);
    expect(asked(contractUrl(1))).toHaveLength(0);
    // not on the home page: no widget catalogue
    expect(server.calls.filter((c) => c.url.startsWith('/api/widget'))).toHaveLength(0);
  });

  it.each([
    { when: 'back from single sign-on, the chosen contract', stored: null, contractId: 2, otherId: 1 },
    { when: 'with a stored contract, that contract', stored: 1, contractId: 1, otherId: 2 },
  ])(
    "$when: its site configuration (the shell's theme) beside its details, taken by the shell's call",
    async ({ stored, contractId, otherId }) => {
      localStorage.clear();
      // a token of its own: the early answers left untaken here are nobody else's
      localStorage.setItem('token', `jwt-site-${contractId}`);
      if (stored !== null) localStorage.setItem('current_contract', String(stored));
      backend.savedConfiguration = { data: JSON.stringify({ current_contract: contractId }) };
      sendSessionStartEarly('/signalement');
      const siteUrl = `${contractUrl(contractId)}/siteConfiguration`;
      await vi.waitFor(() => expect(asked(siteUrl)).toHaveLength(1));
      await startSession();
      await expect(
        callData('getSiteConfiguration', { params: { contractId } }, { errors: 'local' }),
      ).resolves.toMatchObject({ documentTitle: `Portail ${contractId}` });
      expect(asked(siteUrl)).toHaveLength(1);
      expect(asked(`${contractUrl(otherId)}/siteConfiguration`)).toHaveLength(0);
    },
  );

  it('when the saved contract is not the user’s: the first one, which the session saves', async () => {
    backFromSignOn(99);
    await vi.waitFor(() => expect(asked(contractUrl(1))).toHaveLength(1));
    await startSession();
    expect(sessionStore.get()).toMatchObject({ contractId: 1, contract: { label: 'Dijon Métropole' } });
    expect(asked(contractUrl(1))).toHaveLength(1);
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it("on the home page, its widget catalogue, which the dashboard's call takes; elsewhere, nothing more", async () => {
    // a token of its own: the early answers left untaken here are nobody else's
    localStorage.setItem('token', 'jwt-home');
    const [catalogueUrl = ''] = screenStartUrls('/');
    expect(screenStartUrls('/signalement')).toEqual([]);
    // asked once the session's calls have answered, never beside them (a browser has six
    // connections to a host on HTTP/1.1: the session's calls must not queue behind it)
    backend.tokenDelayMs = 150;
    sendSessionStartEarly('/');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked(catalogueUrl)).toHaveLength(0);
    await vi.waitFor(() => expect(asked(catalogueUrl)).toHaveLength(1));
    await startSession();
    await expect(callData('listWidgets')).resolves.toEqual([
      { id: 'signal-full', label: 'Signalements', role: 'ROLE_USER' },
    ]);
    expect(asked(catalogueUrl)).toHaveLength(1);
  });
});

describe('the user configurations, read together', () => {
  const reads = () =>
    server.calls.filter(
      (c) => c.method === 'GET' && c.url.startsWith('/api/user/portal/portal/configuration'),
    );

  it("the session's start and the home page's two reads make one call; after a save, the next read asks again", async () => {
    // a token of its own: no early answer of another test to take
    localStorage.setItem('token', 'jwt-reads');
    backend.savedConfiguration = { data: JSON.stringify({ current_contract: 2 }) };
    await startSession();
    await getUserConfiguration('displayed_widgets');
    await getUserConfiguration('widgets_grid_layout');
    expect(reads()).toHaveLength(1);

    // the save reads what it changes from the server, and the reader after it sees the change
    await saveUserConfiguration('portal_configuration', { current_contract: 1 }, { merge: true });
    expect(reads()).toHaveLength(2);
    const after = await getUserConfiguration('portal_configuration');
    expect(JSON.parse(after?.data ?? '{}')).toEqual({ current_contract: 1 });
    expect(reads()).toHaveLength(3);
  });

  it('two saves asked at once run in turn: one creation, then an update with the second', async () => {
    localStorage.setItem('token', 'jwt-saves');
    await Promise.all([
      saveUserConfiguration('portal_configuration', { current_contract: 1 }),
      saveUserConfiguration('portal_configuration', { current_contract: 2 }),
    ]);
    const writes = server.calls.filter((c) => c.method !== 'GET').map((c) => c.method);
    expect(writes).toEqual(['POST', 'PUT']);
    expect(JSON.parse(backend.savedConfiguration?.data ?? '{}')).toEqual({ current_contract: 2 });
  });

  it('are not shared between two users of the same browser', async () => {
    localStorage.setItem('token', 'jwt-of-sophie');
    await getUserConfiguration('displayed_widgets');
    localStorage.setItem('token', 'jwt-of-paul');
    await getUserConfiguration('displayed_widgets');
    expect(reads().map((c) => c.authorization)).toEqual(['Bearer jwt-of-sophie', 'Bearer jwt-of-paul']);
  });
});

describe('authenticate: the current contract', () => {
  it('keeps the saved contract when it is among the user’s contracts', async () => {
    localStorage.setItem('token', 'jwt');
    backend.savedConfiguration = { data: JSON.stringify({ current_contract: 2, other: 'kept' }) };
    await startSession();
    expect(sessionStore.get()).toMatchObject({ contractId: 2, contract: { label: 'Grand Lyon Eau' } });
    expect(localStorage.getItem('current_contract')).toBe('2');
    expect(server.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('takes the first contract and saves it (merged) when the saved one is not the user’s', async () => {
    localStorage.setItem('token', 'jwt');
    backend.savedConfiguration = { data: JSON.stringify({ current_contract: 99, other: 'kept' }) };
    await startSession();
    expect(sessionStore.get().contractId).toBe(1);
    const put = server.calls.find((c) => c.method === 'PUT');
    expect(put?.url).toContain('editDeleted=true');
    expect(JSON.parse((JSON.parse(put?.body ?? '{}') as { data: string }).data)).toEqual({
      current_contract: 1,
      other: 'kept',
    });
  });

  it('creates the configuration when none exists', async () => {
    localStorage.setItem('token', 'jwt');
    await startSession();
    const read = server.calls.find(
      (c) => c.method === 'GET' && c.url.startsWith('/api/user/portal/portal/configuration'),
    );
    expect(read?.url).toBe('/api/user/portal/portal/configuration?showDeleted=true');
    const post = server.calls.find((c) => c.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toMatchObject({ portal: 'portal', code: 'portal_configuration' });
    expect(JSON.parse(backend.savedConfiguration?.data ?? '{}')).toEqual({ current_contract: 1 });
  });

  it('requests the reporting-tool cookie for ROLE_VA_METABASE_REQUESTER only', async () => {
    localStorage.setItem('token', 'jwt');
    await startSession();
    expect(server.calls.some((c) => c.url === '/api/metabase/user-token')).toBe(false);
    resetSession();
    backend.roles = ['ROLE_USER', 'ROLE_VA_METABASE_REQUESTER'];
    await startSession();
    expect(document.cookie).toContain('metabase.SESSION=mb-token');
  });

  it('a 401 on the token check clears the storage and logs out with the realm', async () => {
    localStorage.setItem('token', 'expired');
    localStorage.setItem('realm', 'dijon');
    localStorage.setItem('current_contract', '1');
    backend.tokenStatus = 401;
    await expect(startSession()).rejects.toMatchObject({ status: 401 });
    expect(localStorage.length).toBe(0);
    expect(sessionStore.get().user).toBeNull();
    const target = new URL(assign.mock.calls[0]?.[0] ?? '');
    expect(target.pathname).toBe('/saml/logout');
    expect(target.searchParams.get('realm')).toBe('dijon');
  });
});

describe('permissions redirect check', () => {
  const info = (...urls: (string | null)[]) => ({
    defaultUrl: null,
    contracts: urls.map((contractUrl, i) => ({ id: i + 1, label: `C${i}`, contractUrl })),
  });
  it('goes to the one contract URL when the address contains the default URL', () => {
    expect(
      permissionsRedirectTarget(
        'https://portal.example/x',
        'https://portal.example',
        info('https://dijon.example'),
      ),
    ).toBe('https://dijon.example');
  });
  it('stays when there are several contract URLs, no default URL, or the address is elsewhere', () => {
    expect(
      permissionsRedirectTarget(
        'https://portal.example/',
        'https://portal.example',
        info('https://a', 'https://b'),
      ),
    ).toBeNull();
    expect(permissionsRedirectTarget('https://portal.example/', null, info('https://a'))).toBeNull();
    expect(
      permissionsRedirectTarget('https://dijon.example/', 'https://portal.example', info('https://a')),
    ).toBeNull();
  });
  it('never reloads the default URL it is already on', () => {
    expect(
      permissionsRedirectTarget('https://portal.example/', 'https://portal.example', info(null)),
    ).toBeNull();
  });
});
