import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { routeRules } from '@portal/contract/routes';
import { renderApp, setupI18n, signIn, user } from '@/test/render';
import { resetSession } from '@/lib/auth/session-store';
import { alertStore } from '@/lib/alerts';
import { appState, setError } from '@/lib/app-state';
import { screens } from './router';
import { errorPageFor } from './guards/error-redirect';

beforeAll(setupI18n);
beforeEach(() => {
  resetSession();
  alertStore.set([]);
});

describe('route table', () => {
  it('has a screen for every route of the contract route table, and no other', () => {
    expect(Object.keys(screens).sort()).toEqual(routeRules.map((r) => r.path).sort());
  });

  it('opens a granted route', async () => {
    signIn(user(['ROLE_SIGNAL_NOTIFY'], { SIGNAL_NOTIFY: [{ type: 'contract', id: 1 }] }));
    renderApp('/signalement/signaler');
    expect(await screen.findByRole('heading', { level: 1, name: 'Signaler' })).toBeInTheDocument();
  });

  it('refuses a route without one of its roles: home, with the danger alert alert.not_granted', async () => {
    signIn(user(['ROLE_USER']));
    const { router } = renderApp('/admin/contrat');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("Vous n'avez pas les droits nécessaires pour accéder à cette page.");
    expect(alert).toHaveClass('alert-danger');
  });

  it('sends an unknown path home', async () => {
    signIn(user(['ROLE_USER']));
    const { router } = renderApp('/nulle-part/ici');
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('matches exactly: a sub-path of a route is unknown', async () => {
    signIn(user(['ROLE_PUBLIC_SPACE_PLANNER']));
    const { router } = renderApp('/travaux/nouveau/extra');
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens the /api/ portal routes as portal pages', async () => {
    signIn(user(['ROLE_POWER_BI', 'ROLE_REPORT_TRENDS']));
    renderApp('/api/powerbi/trends');
    expect(await screen.findByRole('heading', { level: 1, name: 'Espace Tendances' })).toBeInTheDocument();
  });
});

describe('contract gate', () => {
  it('shows the loading screen while the user is not logged in', async () => {
    renderApp('/');
    expect(await screen.findAllByText('Chargement…')).not.toHaveLength(0);
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).toBeNull();
  });

  it('shows the loading screen for a contract super admin without a current contract', async () => {
    signIn(user(['ROLE_SUPER_ADMIN_CONTRACT']), null);
    renderApp('/');
    expect(await screen.findAllByText('Chargement…')).not.toHaveLength(0);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('lets a plain user without contract in', async () => {
    signIn(user(['ROLE_USER']), null);
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeInTheDocument();
  });

  it('does not gate the public pages', async () => {
    renderApp('/conditions-generales-d-utilisation-portail');
    expect(await screen.findByRole('heading', { level: 1, name: "Conditions générales d'utilisation" })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(14);
  });
});

describe('error redirect', () => {
  it.each([
    [404, '/error/unknown'],
    [415, '/error/unknown'],
    [401, '/error/access-denied'],
    [500, '/error/oops'],
    [0, '/error/oops'],
  ])('status %i goes to %s', (status, page) => expect(errorPageFor(status)).toBe(page));

  it('leaves the page for the error page when the error state is set', async () => {
    signIn(user(['ROLE_USER']));
    const { router } = renderApp('/mentions-legales-portail');
    await screen.findByRole('heading', { level: 1, name: 'Mentions légales' });
    setError(404, 'Contract 9 not found');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error/unknown');
    expect(screen.getByText(/Contract 9 not found/)).toBeInTheDocument();
    await waitFor(() => expect(appState.get().error.isError).toBe(false));
  });
});

describe('cookie statement', () => {
  // the sanitizing itself is checked in Chromium (e2e/tests/shell/legal.spec.ts): happy-dom's DOM
  // is not faithful enough for DOMPurify
  it('renders its 8 sections', async () => {
    renderApp('/declaration-cookies');
    await screen.findByRole('heading', { level: 1, name: 'Déclaration relative aux cookies' });
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(8);
    expect(screen.getByText('metabase.SESSION')).toBeInTheDocument();
  });
});
