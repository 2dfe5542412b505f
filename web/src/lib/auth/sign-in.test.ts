import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointRoutes } from '@portal/contract/endpoint-routes';
import { setRuntimeConfig } from '@/config/runtime-config';
import { captureReturnedToken, realmUrl } from './sign-in';
import { getToken, setToken } from './storage';

afterEach(() => setRuntimeConfig({ apiBaseUrl: '' }));

describe('realmUrl', () => {
  it("asks the contract's realm endpoint for this host", () => {
    setRuntimeConfig({ apiBaseUrl: 'https://api.example.org' });
    const url = new URL(realmUrl());
    expect(url.origin).toBe('https://api.example.org');
    expect(url.pathname).toBe(endpointRoutes.getRealm.path);
    expect(url.searchParams.get('domainName')).toBe(window.location.hostname);
  });
});

describe('captureReturnedToken', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setToken(null);
    window.history.replaceState(null, '', '/');
  });

  function returnWith(token: string): ReturnType<typeof vi.fn> {
    const drop = vi.fn(() => Promise.resolve(true));
    vi.stubGlobal('caches', { delete: drop });
    window.history.replaceState(null, '', `/?token=${token}`);
    expect(captureReturnedToken()).toBe(true);
    expect(getToken()).toBe(token);
    expect(window.location.search).toBe('');
    return drop;
  }

  it("drops the service worker's kept reads when a new token replaces another user's", () => {
    setToken('first.user.token');
    expect(returnWith('second.user.token')).toHaveBeenCalledWith('portal-api');
  });

  it('keeps them for a first sign-in and for the same token coming back', () => {
    expect(returnWith('first.user.token')).not.toHaveBeenCalled();
    expect(returnWith('first.user.token')).not.toHaveBeenCalled();
  });
});
