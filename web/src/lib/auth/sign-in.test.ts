import { afterEach, describe, expect, it } from 'vitest';
import { endpointRoutes } from '@portal/contract/endpoint-routes';
import { setRuntimeConfig } from '@/config/runtime-config';
import { realmUrl } from './sign-in';

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
