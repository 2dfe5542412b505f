/** The router made in two tasks behaves as `createBrowserRouter`: address, screens, lazy routes, blockers. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, useBlocker, useNavigate, type RouteObject } from 'react-router-dom';
import { createRouterInSteps } from './create-router';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

function Home() {
  const navigate = useNavigate();
  const blocker = useBlocker(({ nextLocation }) => nextLocation.pathname === '/bloque');
  return (
    <>
      <h1>Accueil</h1>
      <button type="button" onClick={() => void navigate('/plus-tard')}>
        Plus tard
      </button>
      <button type="button" onClick={() => void navigate('/bloque')}>
        Bloqué
      </button>
      <p>{blocker.state === 'blocked' ? 'navigation retenue' : ''}</p>
    </>
  );
}

const routes: RouteObject[] = [
  { path: '/accueil', Component: Home },
  { path: '/plus-tard', lazy: async () => ({ Component: () => <h1>Écran chargé à la demande</h1> }) },
  { path: '/bloque', Component: () => <h1>Jamais</h1> },
  {
    path: '/en-panne',
    Component: () => {
      throw new Error('panne');
    },
    ErrorBoundary: () => <p role="alert">Cet écran a échoué</p>,
  },
];

describe('createRouterInSteps', () => {
  it('starts on the address of the window, with its query, and draws its screen', async () => {
    window.history.replaceState(null, '', '/accueil?onglet=2');
    const router = await createRouterInSteps(routes);
    expect(router.state.initialized).toBe(true);
    expect(router.state.location).toMatchObject({ pathname: '/accueil', search: '?onglet=2' });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: 'Accueil' })).toBeTruthy();
  });

  it('loads a lazy screen on navigation and writes the address in the history', async () => {
    window.history.replaceState(null, '', '/accueil');
    const router = await createRouterInSteps(routes);
    render(<RouterProvider router={router} />);
    act(() => screen.getByRole('button', { name: 'Plus tard' }).click());
    expect(await screen.findByRole('heading', { name: 'Écran chargé à la demande' })).toBeTruthy();
    expect(window.location.pathname).toBe('/plus-tard');
  });

  it("catches a screen's failure in the route's own error boundary", async () => {
    window.history.replaceState(null, '', '/en-panne');
    // React and React Router report the caught error on the console, as in a browser
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const router = await createRouterInSteps(routes);
      render(<RouterProvider router={router} />);
      expect(screen.getByRole('alert').textContent).toBe('Cet écran a échoué');
      const reported = [...logged.mock.calls, ...warned.mock.calls].flat();
      expect(reported.some((arg) => arg instanceof Error && arg.message === 'panne')).toBe(true);
    } finally {
      logged.mockRestore();
      warned.mockRestore();
    }
  });

  it('keeps the data router features the portal relies on: a blocker holds a navigation', async () => {
    window.history.replaceState(null, '', '/accueil');
    const router = await createRouterInSteps(routes);
    render(<RouterProvider router={router} />);
    act(() => screen.getByRole('button', { name: 'Bloqué' }).click());
    expect(await screen.findByText('navigation retenue')).toBeTruthy();
    expect(window.location.pathname).toBe('/accueil');
  });
});
