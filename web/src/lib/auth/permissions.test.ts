/**
 * Roles per contract in the portal, against the real mock server:
 * the portal reads GET /api/permissions/admin and offers the admin screens only in the contracts the
 * user administers; a change of one's own roles (or the focus coming back after a while) reads the
 * permissions again and runs the permissions redirect check.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLES } from '@portal/contract/roles';
import { paths } from '@portal/contract/routes';
import { setRuntimeConfig } from '@/config/runtime-config';
import { renderApp } from '@/test/render';
import { controlOf, createPersona, journal, withMockBackend } from '@/test/mock-backend';
import { authenticate } from './authenticate';
import { browser } from './logout';
import { refreshPermissions, rolesChangedFor } from './permissions';
import { sessionStore } from './session-store';

const mock = withMockBackend();

/** Changes a user's roles in one contract (the control API's PATCH /users/:user/roles with a contractId). */
function setContractRoles(user: string, contractId: number, add: string[]) {
  return controlOf(mock).patch(`/users/${user}/roles`, { contractId, add });
}

/** A user of contracts 1 and 2, contract super admin in contract 2 only, signed in with contract 1 current. */
async function signInSplitAdmin(): Promise<void> {
  await createPersona(mock, { id: 'split-admin', roles: [ROLES.USER], contractIds: [1, 2] });
  await setContractRoles('split-admin', 2, [ROLES.SUPER_ADMIN_CONTRACT]);
  const { token } = await controlOf(mock).token('split-admin');
  window.localStorage.setItem('token', token);
  window.localStorage.setItem('current_contract', '1');
  await authenticate();
}

/** How many times the portal asked GET /api/contract-info (the mock's journal). */
async function contractInfoCalls(): Promise<number> {
  return (await journal(mock, { path: '/api/contract-info' })).length;
}

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('admin rights per contract', () => {
  it('reads GET /api/permissions/admin at sign-in: no territorial admin in contract 1, where the user is not admin', async () => {
    await signInSplitAdmin();
    const session = sessionStore.get();
    expect(session.contractId).toBe(1);
    expect(session.user?.roles).toContain(ROLES.SUPER_ADMIN_CONTRACT);
    expect(session.adminPermissions).toEqual([
      { contractId: 2, organizationId: null, role: ROLES.SUPER_ADMIN_CONTRACT },
    ]);
    const { router } = renderApp(paths.admin.territorial);
    // refused before any call could answer 403: home, with the not-granted alert, and no menu entry
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText(/Vous n'avez pas les droits nécessaires/)).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: /menu/i });
    expect(within(menu).queryByRole('link', { name: /territ/i })).toBeNull();
  });

  it('offers the territorial admin in the contract the user administers', async () => {
    await signInSplitAdmin();
    sessionStore.set((s) => ({ ...s, contractId: 2, contract: s.contracts.find((c) => c.id === 2) ?? null }));
    renderApp('/');
    const menu = await screen.findByRole('navigation', { name: /menu/i });
    expect(await within(menu).findByRole('link', { name: /territ/i })).toBeInTheDocument();
  });
});

describe('a change of permissions runs the redirect check again', () => {
  it('after a role change of oneself: the new rights are read and the redirect check asks the contract information again', async () => {
    vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    await signInSplitAdmin();
    expect(sessionStore.get().adminPermissions).toHaveLength(1);
    // a default URL is configured: the check runs (it reads GET /api/contract-info)
    setRuntimeConfig({ apiBaseUrl: mock.url, defaultUrl: `${window.location.origin}/` });
    const before = await contractInfoCalls();

    // nothing changed: no redirect check
    expect(await refreshPermissions()).toBe(false);
    expect(await contractInfoCalls()).toBe(before);

    await setContractRoles('split-admin', 1, [ROLES.SUPER_ADMIN_CONTRACT]);
    const email = sessionStore.get().user?.email ?? '';
    expect(await rolesChangedFor(['someone.else@example.org'])).toBe(false);
    expect(await rolesChangedFor([email])).toBe(true);
    expect(
      sessionStore
        .get()
        .adminPermissions?.map((p) => p.contractId)
        .sort(),
    ).toEqual([1, 2]);
    expect(await contractInfoCalls()).toBe(before + 1);
    setRuntimeConfig({ apiBaseUrl: mock.url, defaultUrl: null });
  });

  it('on window focus after a while', async () => {
    vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    await signInSplitAdmin();
    renderApp('/');
    await screen.findByRole('navigation', { name: /menu/i });
    await setContractRoles('split-admin', 1, [ROLES.SUPER_ADMIN_CONTRACT]);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 10 * 60 * 1000);
    window.dispatchEvent(new Event('focus'));
    await waitFor(() =>
      expect(
        sessionStore
          .get()
          .adminPermissions?.map((p) => p.contractId)
          .sort(),
      ).toEqual([1, 2]),
    );
    // and the menu now offers the territorial admin in contract 1
    const menu = screen.getByRole('navigation', { name: /menu/i });
    expect(await within(menu).findByRole('link', { name: /territ/i })).toBeInTheDocument();
  });
});
