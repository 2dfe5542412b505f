import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setupI18n } from '@/test/render';
import { buildRoutes } from '../router';
import { RenderFailure } from './render-failure';

beforeAll(setupI18n);
afterEach(cleanup);

describe('a page that cannot be drawn', () => {
  it("is caught by the route table's root, whatever screen or part failed", () => {
    expect(buildRoutes()[0]?.ErrorBoundary).toBe(RenderFailure);
  });

  it("shows the oops page and its way home when a screen's code cannot be fetched", async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/home-x.js');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // as in the route table: the boundary on the root, the screen loaded on demand below it
      const router = createMemoryRouter([
        {
          ErrorBoundary: RenderFailure,
          HydrateFallback: () => null,
          children: [{ path: '/', lazy: () => Promise.reject(failure) }],
        },
      ]);
      render(<RouterProvider router={router} />);
      expect(await screen.findByRole('heading', { level: 1, name: 'Oups !' })).toBeInTheDocument();
      expect(screen.getByText(/Une erreur inattendue est survenue/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
      expect(screen.getByRole('main')).toBeInTheDocument();
      // the boundary logs from an effect, which a loaded machine may run after the first paint
      await waitFor(() => expect(logged).toHaveBeenCalledWith(failure));
    } finally {
      logged.mockRestore();
    }
  });
});
