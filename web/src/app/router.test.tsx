/**
 * The route table, the rights guard, the contract gate and the error redirect in the whole app.
 * Self-contained: every test starts from a reset mock server of its own (no backend on a fixed
 * port), a signed-out session, no alert, no error, French, and signs in a persona made for it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routeRules } from '@portal/contract/routes';
import { renderApp } from '@/test/render';
import { createPersona, signInPersona, withMockBackend } from '@/test/mock-backend';
import { resetSession, sessionStore } from '@/lib/auth/session-store';
import { alertStore } from '@/lib/alerts';
import { appState, clearError, setError } from '@/lib/app-state';
import { i18n } from '@/lib/i18n';
import { FlashAlerts } from '@/components/ui/alerts';
import { Providers } from './providers';
import { screens } from './router';
import { errorPageFor } from './guards/error-redirect';
import { RightsGuard } from './guards/rights-guard';

const mock = withMockBackend();

beforeEach(async () => {
  resetSession();
  alertStore.set([]);
  clearError();
  await i18n.changeLanguage('fr');
});

// a call still running when a test ends must not answer into the next one (after the mock's reset
// its token is unknown: a 401 would set the error state there)
afterEach(async () => {
  cleanup();
  await waitFor(() => expect(appState.get().isLoading).toBe(false));
});

/** Signs in a persona created for the test with exactly these roles (contract 1, or none). */
async function signInWith(roles: string[], contractId: number | null = 1) {
  const { id } = await createPersona(mock, { roles, contractIds: contractId === null ? [] : [contractId] });
  const user = await signInPersona(mock, id, contractId ?? 1);
  if (contractId === null)
    sessionStore.set({ status: 'ready', user, contracts: [], contractId: null, contract: null });
  return user;
}

describe('route table', () => {
  it('has a screen for every route of the contract route table, and no other', () => {
    expect(Object.keys(screens).sort()).toEqual(routeRules.map((r) => r.path).sort());
  });

  it('opens a granted route', async () => {
    await signInWith(['ROLE_SIGNAL_NOTIFY']);
    renderApp('/signalement/signaler');
    expect(await screen.findByRole('heading', { level: 1, name: 'Signaler' })).toBeInTheDocument();
  });

  it('refuses a route without one of its roles: home, with the danger alert alert.not_granted', async () => {
    await signInWith(['ROLE_USER']);
    const { router } = renderApp('/admin/contrat');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("Vous n'avez pas les droits nécessaires pour accéder à cette page.");
    expect(alert).toHaveClass('alert-danger');
  });

  it('sends an unknown path home, saying the page does not exist', async () => {
    await signInWith(['ROLE_USER']);
    const { router } = renderApp('/nulle-part/ici');
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
    expect(router.state.location.pathname).toBe('/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("La page demandée n'existe pas : vous avez été redirigé vers l'accueil.");
    expect(alert).toHaveClass('alert-warning');
  });

  it('opens the accessibility statement for anyone signed in', async () => {
    await signInWith(['ROLE_USER']);
    renderApp('/accessibilite');
    expect(
      await screen.findByRole('heading', { level: 1, name: "Déclaration d'accessibilité" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '6. Voies de recours' })).toBeInTheDocument();
  });

  it('matches exactly: a sub-path of a route is unknown', async () => {
    await signInWith(['ROLE_PUBLIC_SPACE_PLANNER']);
    const { router } = renderApp('/travaux/nouveau/extra');
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens the /api/ portal routes as portal pages', async () => {
    await signInWith(['ROLE_POWER_BI', 'ROLE_REPORT_TRENDS']);
    renderApp('/api/powerbi/trends');
    expect(await screen.findByRole('heading', { level: 1, name: 'Espace Tendances' })).toBeInTheDocument();
  });
});

describe('rights guard', () => {
  /** A small route table: a route whose refused users go to its own target rather than home. */
  function renderGuarded(path: string) {
    const page = (title: string) => (
      <>
        <FlashAlerts />
        <h1>{title}</h1>
      </>
    );
    const router = createMemoryRouter(
      [
        {
          element: <RightsGuard />,
          children: [
            { path: '/', element: page('Accueil') },
            { path: '/cible', element: page('Cible') },
            {
              path: '/reserve',
              handle: { rule: { path: '/reserve', rights: ['ROLE_REPORT_TRENDS'], redirectTo: '/cible' } },
              element: page('Réservé'),
            },
            { path: '/ouvert', handle: { rule: { path: '/ouvert', rights: [] } }, element: page('Ouvert') },
          ],
        },
      ],
      { initialEntries: [path] },
    );
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    return router;
  }

  it('opens a route for a user holding one of its roles', async () => {
    await signInWith(['ROLE_USER', 'ROLE_REPORT_TRENDS']);
    const router = renderGuarded('/reserve');
    expect(await screen.findByRole('heading', { level: 1, name: 'Réservé' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reserve');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("sends a refused user to the route's own target, with the danger alert shown there only", async () => {
    await signInWith(['ROLE_USER']);
    const router = renderGuarded('/reserve');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cible' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cible');
    expect(screen.queryByRole('heading', { name: 'Réservé' })).toBeNull();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveClass('alert-danger');
    expect(alert).toHaveTextContent("Vous n'avez pas les droits nécessaires pour accéder à cette page.");
    await router.navigate('/');
    await screen.findByRole('heading', { level: 1, name: 'Accueil' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens a route with an empty rights list to any signed-in user, and a route without a rule', async () => {
    await signInWith(['ROLE_USER']);
    const router = renderGuarded('/ouvert');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ouvert' })).toBeInTheDocument();
    await router.navigate('/cible');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cible' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('contract gate', () => {
  it('shows the loading screen while the user is not logged in', async () => {
    renderApp('/');
    expect(await screen.findAllByText('Chargement…')).not.toHaveLength(0);
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).toBeNull();
  });

  it('shows the loading screen for a contract super admin without a current contract', async () => {
    await signInWith(['ROLE_SUPER_ADMIN_CONTRACT'], null);
    renderApp('/');
    expect(await screen.findAllByText('Chargement…')).not.toHaveLength(0);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('lets a plain user without contract in', async () => {
    await signInWith(['ROLE_USER'], null);
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeInTheDocument();
  });

  it('shows a notice instead of a screen that works inside a contract when the user has none', async () => {
    await signInWith(['ROLE_USER', 'ROLE_CALENDAR'], null);
    renderApp('/calendrier');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aucun contrat' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent("Votre compte n'est rattaché à aucun contrat");
    expect(screen.getByRole('link', { name: 'Voir mon profil' })).toHaveAttribute('href', '/mon-profil');
  });

  it('does not gate the public pages', async () => {
    renderApp('/conditions-generales-d-utilisation-portail');
    expect(
      await screen.findByRole('heading', { level: 1, name: "Conditions générales d'utilisation" }),
    ).toBeInTheDocument();
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
    await signInWith(['ROLE_USER']);
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
