/**
 * checkPermissionsRedirect (territorial-admin.md section 4): with a default URL configured and the
 * address containing it, the browser leaves (storage cleared) for the user's one contract URL, or
 * for the default URL when there is no contract URL; otherwise the user stays where they are.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/runtime-config';
import { json, startTestServer, type TestServer } from '@/test/http-server';
import { appState, clearError } from '../app-state';
import { checkPermissionsRedirect, type ContractInfo } from './authenticate';
import { browser } from './logout';

let server: TestServer;
let info: ContractInfo | null = null;
const assign = vi.fn<(url: string) => void>();

const contracts = (...urls: (string | null)[]): ContractInfo['contracts'] =>
  urls.map((contractUrl, i) => ({ id: i + 1, label: `Contrat ${i + 1}`, contractUrl }));

beforeAll(async () => {
  server = await startTestServer();
  server.handle('GET', '/api/contract-info', (_req, res) =>
    info ? json(res, 200, info) : json(res, 500, { message: 'contract information unavailable' }),
  );
});
afterAll(() => server.close());

beforeEach(() => {
  server.calls.length = 0;
  info = null;
  assign.mockReset();
  vi.spyOn(browser, 'assign').mockImplementation(assign);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  window.history.replaceState(null, '', '/');
  window.localStorage.setItem('token', 'a.session.token');
  window.localStorage.setItem('current_contract', '3');
  window.localStorage.setItem('language', 'en');
});
afterEach(() => {
  vi.restoreAllMocks();
  clearError();
});

/** The portal runs at the default URL (the address contains it). */
const atDefaultUrl = (defaultUrl = `${window.location.origin}/`) =>
  setRuntimeConfig({ apiBaseUrl: server.url, defaultUrl });

function expectSessionKept() {
  expect(assign).not.toHaveBeenCalled();
  expect(window.localStorage.getItem('token')).toBe('a.session.token');
  expect(window.localStorage.getItem('current_contract')).toBe('3');
}

function expectLeftFor(target: string) {
  expect(assign).toHaveBeenCalledTimes(1);
  expect(assign).toHaveBeenCalledWith(target);
  expect(window.localStorage.getItem('token')).toBeNull();
  expect(window.localStorage.getItem('current_contract')).toBeNull();
  // the language choice is a preference of the browser, not of the session
  expect(window.localStorage.getItem('language')).toBe('en');
}

describe('checkPermissionsRedirect', () => {
  it('does nothing, and asks nothing, without a default URL', async () => {
    setRuntimeConfig({ apiBaseUrl: server.url, defaultUrl: null });
    info = { defaultUrl: null, contracts: contracts('https://dijon.example/') };
    expect(await checkPermissionsRedirect()).toBe(false);
    expect(server.calls).toHaveLength(0);
    expectSessionKept();
  });

  it("sends the user of one contract URL there, from the default URL, clearing the session's storage", async () => {
    atDefaultUrl();
    window.history.replaceState(null, '', '/signalement/signaler');
    info = { defaultUrl: null, contracts: contracts(null, 'https://dijon.example/', null) };
    expect(await checkPermissionsRedirect()).toBe(true);
    expect(server.calls.map((c) => c.url)).toEqual(['/api/contract-info']);
    expect(server.calls[0]?.authorization).toBe('Bearer a.session.token');
    expectLeftFor('https://dijon.example/');
  });

  it('sends a user without contract URL to the default URL when the address only mentions it', async () => {
    atDefaultUrl('https://default.example/');
    window.history.replaceState(null, '', '/?back=https://default.example/');
    info = { defaultUrl: null, contracts: contracts(null) };
    expect(await checkPermissionsRedirect()).toBe(true);
    expectLeftFor('https://default.example/');
  });

  it('keeps a user without contract URL who is already on the default URL (no reload loop)', async () => {
    atDefaultUrl();
    window.history.replaceState(null, '', '/aide');
    info = { defaultUrl: null, contracts: [] };
    expect(await checkPermissionsRedirect()).toBe(false);
    expectSessionKept();
  });

  it('keeps a user of several contract URLs where they are', async () => {
    atDefaultUrl();
    info = { defaultUrl: null, contracts: contracts('https://dijon.example/', 'https://lyon.example/') };
    expect(await checkPermissionsRedirect()).toBe(false);
    expectSessionKept();
  });

  it('keeps a user whose address does not contain the default URL (already on a contract portal)', async () => {
    atDefaultUrl('https://default.example/');
    info = { defaultUrl: null, contracts: contracts('https://dijon.example/') };
    expect(await checkPermissionsRedirect()).toBe(false);
    expectSessionKept();
  });

  it('keeps a user already on their one contract URL', async () => {
    atDefaultUrl();
    info = { defaultUrl: null, contracts: contracts(`${window.location.origin}/`) };
    expect(await checkPermissionsRedirect()).toBe(false);
    expectSessionKept();
  });

  it('keeps the user, without an error page, when the contract information cannot be read', async () => {
    atDefaultUrl();
    info = null;
    expect(await checkPermissionsRedirect()).toBe(false);
    expect(server.calls).toHaveLength(1);
    expectSessionKept();
    expect(appState.get().error.isError).toBe(false);
  });
});
